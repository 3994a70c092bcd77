// Settings of the WebSocket layer, with the defaults of spec 6.3 and upstream-facts.md
// "WS v3", and their SIM_* environment overrides (simulator/README.md).

export interface WsOptions {
  /** One cadence for all `books`/books5/15/50 pushes, ms (default: spot 200, futures 150; 0: after every command that changed the book). */
  bookIntervalMs?: number;
  /** Close a connection after this long without a message from the client (default 120000). */
  idleMs?: number;
  /** Messages per second a connection may send (default 10). */
  messagesPerSecond?: number;
  /** How often positions are pushed with a fresh mark price, ms (default 1000). */
  positionIntervalMs?: number;
  /** How often account valuations are re-checked and pushed when they moved, ms (default 1000). */
  accountIntervalMs?: number;
  /** A connection whose unsent data exceeds this is closed as a slow consumer (default 16 MiB). */
  maxBufferedBytes?: number;
  /** WebSocket login timestamps must be within this of the clock (default 30000). */
  loginWindowMs?: number;
}

export type ResolvedWsOptions = Required<Omit<WsOptions, 'bookIntervalMs'>> & { bookIntervalMs?: number };

export function resolveWsOptions(o: WsOptions = {}): ResolvedWsOptions {
  return {
    ...(o.bookIntervalMs !== undefined ? { bookIntervalMs: o.bookIntervalMs } : {}),
    idleMs: o.idleMs ?? 120_000,
    messagesPerSecond: o.messagesPerSecond ?? 10,
    positionIntervalMs: o.positionIntervalMs ?? 1000,
    accountIntervalMs: o.accountIntervalMs ?? 1000,
    maxBufferedBytes: o.maxBufferedBytes ?? 16 * 1024 * 1024,
    loginWindowMs: o.loginWindowMs ?? 30_000,
  };
}

function nonNegative(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

/** SIM_BOOK_INTERVAL_MS, SIM_WS_IDLE_MS, SIM_WS_MSG_PER_SEC, SIM_POSITION_PUSH_MS. */
export function wsOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): WsOptions {
  const out: WsOptions = {};
  const book = nonNegative(env, 'SIM_BOOK_INTERVAL_MS');
  if (book !== undefined) out.bookIntervalMs = book;
  const idle = nonNegative(env, 'SIM_WS_IDLE_MS');
  if (idle !== undefined) out.idleMs = idle;
  const rate = nonNegative(env, 'SIM_WS_MSG_PER_SEC');
  if (rate !== undefined) out.messagesPerSecond = Math.max(1, Math.floor(rate));
  const pos = nonNegative(env, 'SIM_POSITION_PUSH_MS');
  if (pos !== undefined) out.positionIntervalMs = Math.max(10, pos);
  return out;
}
