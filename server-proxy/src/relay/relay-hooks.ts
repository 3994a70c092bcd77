import type { IncomingMessage, Server } from 'node:http';
import type { Logger } from 'pino';
import type { Permission } from '@contract/endpoints';
import type { AuditStore } from '../audit/audit-store';
import type { SessionCheck, Session } from '../auth/session-store';
import type { SettledOutcome, UnknownOutcome } from '../audit/outcome-reconciler';
import type { Clock } from '../clock';
import type { AccountCredentials } from '../keys/account-credentials';

/**
 * What the HTTP side gives the WebSocket relay (relay/ws-*.ts). The relay attaches to
 * the same HTTP server (its 'upgrade' event) and uses these instead of its own copies
 * of sessions, keys, origin rules and audit.
 */
export interface WsRelayHooks {
  /** The session named by the upgrade request's cookie, or undefined (answer 401). */
  authenticateUpgrade(req: IncomingMessage): Session | undefined;
  /** The account `name` (default: the session's first) if this session may use it. */
  accountFor(session: Session, name: string | undefined): AccountCredentials | undefined;
  /** True when the upgrade's Origin is this desk's own. */
  checkOrigin(origin: string | undefined): boolean;
  /** True when the upgrade's Host is one of this desk's names (DNS rebinding). */
  checkHost?(host: string | undefined): boolean;
  permissionsFor(session: Session): readonly Permission[];
  /** The session as it stands now (it may have ended: logout, expiry, a removed or changed user). */
  recheckSession?(session: Session, fresh?: boolean): SessionCheck;
  /** Looks up the orders of an op whose answer never came and completes its audit row (audit/outcome-reconciler.ts). */
  reconcile?(target: UnknownOutcome, why: string): Promise<SettledOutcome | null>;
  /** Every trade op is written ahead (begin, state sent) before it goes upstream, and completed with its answer (ws-relay-hooks.ts). */
  audit: AuditStore;
  upstream: { wsPublic: string; wsPrivate: string };
  logger: Logger;
  clock: Clock;
}

export interface AttachedRelay {
  close(): Promise<void> | void;
}

export type AttachWsRelay = (server: Server, hooks: WsRelayHooks) => AttachedRelay | void;
