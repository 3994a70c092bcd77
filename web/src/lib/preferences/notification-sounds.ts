// Notification sounds (issue 19, Notifications): an optional sound per kind of order event,
// all off by default, remembered per user (user-pref-store.ts). The settings screen edits it;
// the notifications obey it.
import { userPrefStore, useUserPref, type UserPref } from './user-pref-store';

import { notificationEvents, type NotificationEvent } from '@contract/schemas/user-settings';

export { notificationEvents, type NotificationEvent };

export const notificationEventLabels: Record<NotificationEvent, string> = {
  filled: 'Order filled',
  partially_filled: 'Order partially filled',
  canceled: 'Order canceled',
  tpsl: 'Take-profit or stop-loss triggered',
};

export type SoundPref = Record<NotificationEvent, boolean>;

export const defaultSoundPref: SoundPref = { filled: false, partially_filled: false, canceled: false, tpsl: false };

export const soundPref: UserPref<SoundPref> = {
  name: 'notification-sounds',
  defaults: defaultSoundPref,
  parse: (raw) => {
    if (!raw || typeof raw !== 'object') return undefined;
    const out = { ...defaultSoundPref };
    for (const e of notificationEvents) {
      const v = (raw as Record<string, unknown>)[e];
      if (v !== undefined && typeof v !== 'boolean') return undefined;
      out[e] = v === true;
    }
    return out;
  },
};

export const soundStore = userPrefStore(soundPref);

export function useSoundPref(): [SoundPref, (p: SoundPref) => void, string | null] {
  return useUserPref(soundStore);
}
