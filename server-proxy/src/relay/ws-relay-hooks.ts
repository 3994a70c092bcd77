// Turns the hooks the proxy's HTTP side passes (relay-hooks.ts: its Session, its
// AccountCredentials, its AuditStore) into the relay's own narrower deps, so the relay
// stays testable without sessions, key files or SQLite.

import type { IncomingMessage } from 'node:http';
import { httpStatusOf } from '@contract/errors';
import type { AuditIntent } from '@contract/schemas/audit';
import type { Session } from '../auth/session-store';
import type { WsRelayHooks } from './relay-hooks';
import type { ReconciledTrade, RelaySession, SessionRecheck, UnknownTradeOp, WsAuditRecord, WsRelayDeps } from './ws-relay-types';

export function isProxyHooks(value: WsRelayDeps | WsRelayHooks): value is WsRelayHooks {
  return 'permissionsFor' in value;
}

export function depsFromHooks(hooks: WsRelayHooks): WsRelayDeps {
  // The relay hands its own session object back to accountFor; this finds the proxy's.
  const sessions = new WeakMap<RelaySession, Session>();
  return {
    authenticateUpgrade: (req: IncomingMessage) => {
      const session = hooks.authenticateUpgrade(req);
      if (session === undefined) return null;
      const relaySession: RelaySession = {
        user: session.user,
        role: session.role,
        permissions: hooks.permissionsFor(session),
        accounts: session.accounts,
      };
      sessions.set(relaySession, session);
      return relaySession;
    },
    checkOrigin: (req) => (hooks.checkHost?.(req.headers.host) ?? true) && hooks.checkOrigin(req.headers.origin),
    accountFor: (relaySession, name) => {
      const session = sessions.get(relaySession);
      const creds = session === undefined ? undefined : hooks.accountFor(session, name);
      if (creds === undefined) return null;
      return creds.withSecrets((s) => ({ name: creds.name, uid: creds.uid ?? '', apiKey: s.apiKey, secret: s.secret, passphrase: s.passphrase }));
    },
    upstream: { publicUrl: hooks.upstream.wsPublic, privateUrl: hooks.upstream.wsPrivate },
    ...(hooks.recheckSession === undefined
      ? {}
      : {
          recheck: (relaySession: RelaySession, fresh?: boolean): SessionRecheck => {
            const session = sessions.get(relaySession);
            if (session === undefined) return { ok: true };
            const now = hooks.recheckSession?.(session, fresh);
            return now === undefined || 'session' in now ? { ok: true } : { ok: false, reason: now.ended };
          },
        }),
    ...(hooks.reconcile === undefined
      ? {}
      : {
          reconcile: async (op: UnknownTradeOp): Promise<ReconciledTrade | null> => {
            if (op.row === undefined || hooks.reconcile === undefined) return null;
            const found = await hooks.reconcile(
              { row: op.row, account: op.account, endpoint: `ws:${op.topic}`, clientOids: op.clientOids, orderIds: op.orderIds },
              'no answer on the socket',
            );
            if (found === null) return null;
            return {
              code: found.code === '00000' ? '0' : found.code,
              msg: found.msg,
              args: found.orders.map((o) => ({ ...(o.orderId ? { orderId: o.orderId } : {}), ...(o.clientOid ? { clientOid: o.clientOid } : {}), code: o.state === null ? 'DESK404U' : '0', msg: o.state ?? 'not found' })),
            };
          },
        }),
    audit: (r: WsAuditRecord) => {
      const intent: AuditIntent = {
        time: r.time,
        user: r.user,
        account: r.account,
        endpoint: r.endpoint,
        method: 'WS',
        path: '/ws/private',
        channel: 'ws',
        requestBody: JSON.stringify(r.body),
        orderIds: splitList(r.orderId),
        clientOids: splitList(r.clientOid),
      };
      if (r.state === 'sent') return hooks.audit.begin(intent);
      if (r.state === 'unknown') {
        if (r.sentRow !== undefined) hooks.audit.markUnknown(r.sentRow, r.msg);
        return;
      }
      const outcome = {
        httpStatus: r.code === '0' || r.code === '00000' ? 200 : httpStatusOf(r.code),
        code: r.code,
        msg: r.msg,
        orderIds: intent.orderIds,
        clientOids: intent.clientOids,
      };
      if (r.sentRow !== undefined) hooks.audit.complete(r.sentRow, outcome);
      else hooks.audit.record({ ...intent, ...outcome });
    },
    logger: hooks.logger,
    clock: hooks.clock,
  };
}

/** Batches list theirs comma-separated (ws-private-relay.ts). */
function splitList(list: string | undefined): string[] {
  return list === undefined ? [] : list.split(',');
}
