// A user's own desk settings, kept by the proxy in its users store (issue 22: on PostgreSQL
// every proxy of a team reads the same ones; issue 19: the confirmation threshold is
// remembered per user, not per browser). Each setting is one JSON value under its name;
// the proxy refuses a name it does not know and a value of the wrong shape, naming the
// field, so a setting read back is always one the web app can use.
import { z } from 'zod';
import { decimalString } from './common';

/** Ask before sending an order whose notional (in its quote coin) is above `threshold`. */
export const confirmOrdersSetting = z.strictObject({ enabled: z.boolean(), threshold: decimalString });

export const notificationEvents = ['filled', 'partially_filled', 'canceled', 'tpsl'] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** An optional sound per kind of order event. */
export const notificationSoundsSetting = z.strictObject(Object.fromEntries(notificationEvents.map((e) => [e, z.boolean()])) as Record<NotificationEvent, z.ZodBoolean>);

export const userSettingSchemas = {
  'confirm-orders': confirmOrdersSetting,
  'notification-sounds': notificationSoundsSetting,
} as const;
export type UserSettingName = keyof typeof userSettingSchemas;
export const userSettingNames = Object.keys(userSettingSchemas) as UserSettingName[];
export type UserSettingValue<N extends UserSettingName> = z.infer<(typeof userSettingSchemas)[N]>;

/** GET /desk/settings: the settings the user has saved (a name absent: its default applies). */
export const userSettingsAnswer = z.object({
  'confirm-orders': confirmOrdersSetting.optional(),
  'notification-sounds': notificationSoundsSetting.optional(),
});
export type UserSettings = z.infer<typeof userSettingsAnswer>;

/** A setting's JSON is small; anything larger is not a setting. */
export const USER_SETTING_MAX_BYTES = 4_096;
