// The seams between the WebSocket relay and the rest of the proxy. The relay owns no
// session, key or audit storage: the HTTP side injects them as callbacks, so the relay
// is testable against a fake upstream with nothing else running.

import type { IncomingMessage } from 'node:http';
import type { AuditState } from '@contract/schemas/audit';

/** What the session layer knows about the browser's user (see interfaces.md, GET /auth/me). */
export interface RelaySession {
  user: string;
  role: string;
  permissions: readonly string[];
  /** Names of the exchange accounts this user may act on; the first is the default. */
  accounts: readonly string[];
}

/** One named exchange account with its keys. Never leaves the relay's upstream login. */
export interface RelayAccount {
  name: string;
  uid: string;
  apiKey: string;
  secret: string;
  passphrase: string;
}

/**
 * One WebSocket trade operation for the audit log (issue 5 item 8), written ahead: an op
 * that goes upstream is first recorded with state `sent` (code and msg empty, outcome
 * unknown), then again with state `complete` and `sentRow` naming that row. An op the
 * relay refuses is one `complete` record without `sentRow`.
 */
export interface WsAuditRecord {
  time: number;
  user: string;
  role: string;
  account: string;
  uid: string;
  /** `ws:<topic>`, e.g. `ws:place-order`, so REST and WS rows share one column. */
  endpoint: string;
  category: string | undefined;
  /** The browser's message as received (the browser holds no keys, so there are none in it). */
  body: unknown;
  /** `0` on success, the upstream's code, or the relay's own rejection code. */
  code: string;
  msg: string;
  orderId: string | undefined;
  clientOid: string | undefined;
  /** 'upstream' when the exchange answered; 'relay' when the relay refused or lost it; undefined while `sent`. */
  decidedBy: 'upstream' | 'relay' | undefined;
  /** `unknown`: the answer never came; `sentRow` names the row to mark (reconciliation completes it). */
  state: AuditState;
  /** On a `complete` record of an op that went upstream: what audit() returned for its `sent` record. */
  sentRow: WsAuditRow | undefined;
}

/** The audit log's handle on a `sent` row (the proxy's row id). */
export type WsAuditRow = number;

/** A trade op whose outcome is unknown: its `sent` row, now marked unknown, and what it asked. */
export interface UnknownTradeOp {
  row: WsAuditRow | undefined;
  account: string;
  topic: string;
  category: string | undefined;
  clientOids: string[];
  orderIds: string[];
}

/** What reconciliation learnt: the op's final answer, as upstream would have given it. */
export interface ReconciledTrade {
  /** '0' when every order of the op exists (placed) or is in the asked-for state. */
  code: string;
  msg: string;
  args: { orderId?: string; clientOid?: string; code?: string; msg?: string }[];
}

export type TradeOpCheck = { ok: true } | { ok: false; code: string; msg: string };

/** Enough of pino's interface; the proxy passes its own logger. */
export interface RelayLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RelayClock {
  now(): number;
}

/** Sizes and periods; the defaults suit a desk, tests shrink them to see the behaviour. */
export interface RelayLimits {
  /** Stop writing to a browser while its socket buffers this many bytes. */
  highWaterBytes: number;
  /** Queued bytes per browser past which incremental channels are dropped and resynced. */
  maxQueuedBytes: number;
  /** Queued bytes per browser of messages that may not be dropped (order pushes, answers)
   *  past which the browser is disconnected: it reconnects and refetches (ARCHITECTURE.md). */
  maxEventBytes: number;
  /** Raw books updates kept per shared subscription for late joiners (ws-book-state.ts);
   *  past this the copy is given up and a late joiner gets a fresh upstream snapshot. */
  bookBacklogBytes: number;
  /** Upstream text-ping period; two periods without a pong mean the upstream is dead. */
  upstreamPingMs: number;
  /** Protocol-level ping to browsers; a browser that misses one is terminated. */
  browserPingMs: number;
  reconnectBaseMs: number;
  reconnectMaxMs: number;
  /** Upstream allows 10 messages per second per connection (upstream-facts "WS v3"). */
  upstreamMsgsPerSecond: number;
  /** A trade op without an upstream answer after this long is reported lost. */
  tradeTimeoutMs: number;
  /**
   * A batching browser's (?batch=1) frames leave at least this many ms apart; 0 = one
   * frame per tick, i.e. per chunk upstream sent (ws-send-queue.ts). 0 by default: at
   * 5,000 pushes a second from the simulator that is ~700 frames a second instead of
   * 5,000, and no push waits for a timer. In bench/ui, at like CPU steal, 0 measured 2 to
   * 3 ms better at p95 update-to-paint than 2 ms (and 8 ms was ~4 ms worse than 2). A 2 ms
   * window looked best only while the bench's own Playwright driver was copying every
   * socket frame, which made each frame cost the browser far more than it costs a user.
   * Measured again with the whole trade screen (three alternating pairs of 3-round runs):
   * 4 ms cut the frames from ~815 to ~280 a second and the machine's busy share by 6 to 7
   * points, but moved the book's p95 by only -0.1, -2.5 and -0.1 ms and its p50 by +0.7 ms,
   * so 0 stays.
   */
  batchWindowMs: number;
  /** How often every open socket's session is checked again (logout, expiry, a removed or changed user). */
  sessionCheckMs: number;
  /** Private sockets one user may hold open at once (each is an upstream login). */
  maxPrivateSocketsPerUser: number;
}

export const defaultRelayLimits: RelayLimits = {
  highWaterBytes: 256 * 1024,
  maxQueuedBytes: 1024 * 1024,
  maxEventBytes: 4 * 1024 * 1024,
  // Applying this much on demand costs a late joiner's moment some 25 ms of parsing.
  bookBacklogBytes: 512 * 1024,
  upstreamPingMs: 25_000,
  browserPingMs: 30_000,
  reconnectBaseMs: 250,
  reconnectMaxMs: 10_000,
  upstreamMsgsPerSecond: 10,
  tradeTimeoutMs: 10_000,
  batchWindowMs: 0,
  // With the session store's own 500 ms re-read, a change reaches an open socket within 1 s.
  sessionCheckMs: 250,
  maxPrivateSocketsPerUser: 4,
};

/** A session still valid, or why it ended (the close reason its sockets get). */
export type SessionRecheck = { ok: true } | { ok: false; reason: string };

export interface WsRelayDeps {
  /** The session of the upgrade request's cookie, or null (answered 401). */
  authenticateUpgrade(req: IncomingMessage): RelaySession | null | Promise<RelaySession | null>;
  /** Same-origin check of the upgrade request (answered 403 when false). */
  checkOrigin(req: IncomingMessage): boolean;
  /** The keys of account `name` if this session may use it, else null. */
  accountFor(session: RelaySession, name: string): RelayAccount | null;
  upstream: { publicUrl: string; privateUrl: string };
  /**
   * The audit log; a returned promise is awaited. A `sent` record is written before the op
   * goes upstream and returns the row to complete; if it throws (or rejects) the op is
   * refused with DESK503 and nothing is sent. A `complete` record is written before the
   * browser sees the answer; if that fails the answer is delivered anyway (the order may exist).
   */
  audit(record: WsAuditRecord): WsAuditRow | void | Promise<WsAuditRow | void>;
  logger: RelayLogger;
  /**
   * Whether the session behind an open socket still stands (checked every sessionCheckMs
   * and before every trade op). Without it a socket lives as long as it is open.
   */
  recheck?(session: RelaySession, fresh?: boolean): SessionRecheck | Promise<SessionRecheck>;
  /**
   * Settles a trade op whose answer never came (timeout, or the link dropped): looks the
   * orders up by clientOid and completes the audit row with what it finds. Resolves with
   * the final answer for the browser, or null when the truth could not be learnt.
   */
  reconcile?(op: UnknownTradeOp): Promise<ReconciledTrade | null>;
  /** Extra validation of a trade op after the relay's own structural checks. */
  validateTradeOp?(msg: unknown): TradeOpCheck;
  clock?: RelayClock;
  limits?: Partial<RelayLimits>;
}
