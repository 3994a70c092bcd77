// The hooks the proxy's HTTP side passes the WebSocket relay (its Session, its
// AccountCredentials, its AuditStore), and their translation into the relay's own narrower
// deps (ws-relay-types.ts), so the relay stays testable without sessions, key files or SQLite.
import type { IncomingMessage, Server } from 'node:http';
import type { Logger } from 'pino';
import type { Permission } from '@contract/catalog/endpoints';
import type { AuditStore } from '../audit/audit-store';
import type { Session, SessionCheck } from '../auth/session-store';
import type { SettledOutcome, UnknownOutcome } from '../audit/outcome-reconciler';
import type { Clock } from '@contract/core/clock';
import type { AccountCredentials } from '../keys/account-credentials';
import { httpStatusOf } from '@contract/core/errors';
import type { AuditIntent } from '@contract/schemas/audit';
import type { ReconciledTrade, RelaySession, SessionRecheck, UnknownTradeOp, WsAuditRecord, WsRelayDeps } from './ws-relay-types';

/**
 * What the HTTP side gives the WebSocket relay (relay/ws-*.ts). The relay attaches to
 * the same HTTP server (its 'upgrade' event) and uses these instead of its own copies
 * of sessions, keys, origin rules and audit.
 */
export interface WsRelayHooks {
  /** The session named by the upgrade request's cookie, or undefined (answer 401). */
  authenticateUpgrade(req: IncomingMessage): Promise<Session | undefined>;
  /** The account `name` (default: the session's first) if this session may use it. */
  accountFor(session: Session, name: string | undefined): AccountCredentials | undefined;
  /** True when the upgrade's Origin is this desk's own. */
  checkOrigin(origin: string | undefined): boolean;
  /** True when the upgrade's Host is one of this desk's names (DNS rebinding). */
  checkHost?(host: string | undefined): boolean;
  permissionsFor(session: Session): readonly Permission[];
  /** The session as it stands now (it may have ended: logout, expiry, a removed or changed user). */
  recheckSession?(session: Session, fresh?: boolean): SessionCheck | Promise<SessionCheck>;
  /** Looks up the orders of an op whose answer never came and completes its audit row (audit/outcome-reconciler.ts). */
  reconcile?(target: UnknownOutcome, why: string): Promise<SettledOutcome | null>;
  /** Every trade op is written ahead (begin, state sent) before it goes upstream, and completed with its answer (ws-relay-hooks.ts). */
  audit: AuditStore;
  upstream: { wsPublic: string; wsPrivate: string };
  logger: Logger;
  clock: Clock;
}

export interface AttachedRelay {
  /** Browser sockets open now and the messages slow ones did not get, by socket (for /metrics). */
  stats?(): { clients: Record<string, number>; dropped: Record<string, number> };
  close(): Promise<void> | void;
}

export type AttachWsRelay = (server: Server, hooks: WsRelayHooks) => AttachedRelay | void;

export function isProxyHooks(value: WsRelayDeps | WsRelayHooks): value is WsRelayHooks {
  return 'permissionsFor' in value;
}

export function depsFromHooks(hooks: WsRelayHooks): WsRelayDeps {
  // The relay hands its own session object back to accountFor; this finds the proxy's.
  const sessions = new WeakMap<RelaySession, Session>();
  return {
    authenticateUpgrade: async (req: IncomingMessage) => {
      const session = await hooks.authenticateUpgrade(req);
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
          recheck: (relaySession: RelaySession, fresh?: boolean): SessionRecheck | Promise<SessionRecheck> => {
            const session = sessions.get(relaySession);
            if (session === undefined) return { ok: true };
            const verdict = (now: SessionCheck | undefined): SessionRecheck => (now === undefined || 'session' in now ? { ok: true } : { ok: false, reason: now.ended });
            const now = hooks.recheckSession?.(session, fresh);
            return now instanceof Promise ? now.then(verdict) : verdict(now);
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
        return r.sentRow === undefined ? undefined : hooks.audit.markUnknown(r.sentRow, r.msg);
      }
      const outcome = {
        httpStatus: r.code === '0' || r.code === '00000' ? 200 : httpStatusOf(r.code),
        code: r.code,
        msg: r.msg,
        orderIds: intent.orderIds,
        clientOids: intent.clientOids,
      };
      // A `complete` record resolves with no row (the relay only keeps the `sent` row's id).
      return r.sentRow !== undefined ? hooks.audit.complete(r.sentRow, outcome) : hooks.audit.record({ ...intent, ...outcome }).then(() => undefined);
    },
    logger: hooks.logger,
    clock: hooks.clock,
  };
}

/** Batches list theirs comma-separated (ws-private-relay.ts). */
function splitList(list: string | undefined): string[] {
  return list === undefined ? [] : list.split(',');
}
