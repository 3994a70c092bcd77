// /desk/settings: the signed-in user's own settings (contract/schemas/user-settings.ts),
// which the web app keeps per user instead of per browser. Any role may read and save its
// own; a save is a change, so it also needs the desk's Origin and CSRF token. These are
// the user's preferences about their own screen, not changes to an exchange account, so
// they are logged but not audited.
import type { FastifyInstance } from 'fastify';
import { check } from '@contract/core/validation';
import { USER_SETTING_MAX_BYTES, userSettingNames, userSettingSchemas, type UserSettingName } from '@contract/schemas/user-settings';
import type { UserSettingsStore } from '../auth/user-settings-store';
import { replyError, successEnvelope } from '../http/error-reply';
import { parseJsonBody } from '../policy/json-shape';
import type { DeskContext } from './desk-context';
import { sessionGate } from './session-gate';

export function registerUserSettingsRoutes(app: FastifyInstance, ctx: DeskContext, store: UserSettingsStore): void {
  const now = () => ctx.clock.now();
  // Every role has market.read: the gate here is "signed in".
  const reads = sessionGate(ctx, 'market.read');
  const writes = sessionGate(ctx, 'market.read', { mutating: true });

  app.get('/desk/settings', { preHandler: reads.preHandler }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return successEnvelope(await store.all(reads.session(request).user), now());
  });

  app.put<{ Params: { name: string } }>('/desk/settings/:name', { bodyLimit: USER_SETTING_MAX_BYTES, preHandler: writes.preHandler }, async (request, reply) => {
    const session = writes.session(request);
    const name = request.params.name as UserSettingName;
    if (!userSettingNames.includes(name)) {
      return replyError(request, reply, 'DESK400', { field: 'name', detail: `is not a setting; known: ${userSettingNames.join(', ')}` }, now());
    }
    const body = parseJsonBody(request.body);
    if (!body.ok) return replyError(request, reply, 'DESK400', { field: body.field, detail: body.detail }, now());
    const value = check(userSettingSchemas[name], body.value);
    if (!value.ok) return replyError(request, reply, 'DESK400', { field: value.field, detail: value.message }, now());
    await store.put(session.user, name, value.data, now());
    ctx.logger.info({ user: session.user, setting: name }, 'user setting saved');
    return successEnvelope(value.data, now());
  });
}
