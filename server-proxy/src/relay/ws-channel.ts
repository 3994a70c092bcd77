// Names a channel and says how a slow browser may be caught up on it.

/**
 * - `snapshot`: every push is the whole state (books1/5/15/50 and ticker, spec 6.3; kline,
 *   whose push is the whole current candle;
 *   account, which the simulator pushes as the full assets view every time), so a
 *   backlog conflates to the latest push per channel.
 * - `incremental`: pushes are deltas on a snapshot (books, spec 6.3); a backlog is
 *   dropped and replaced by a fresh snapshot.
 * - `event`: every push matters, never dropped: order and fill, trade answers, and
 *   position, whose pushes after the first carry only the positions that changed, and
 *   publicTrade, where each push holds trades no other push repeats
 *   (spec 6.2), so keeping the latest push would lose another symbol's update.
 */
export type ChannelKind = 'snapshot' | 'incremental' | 'event';

const SNAPSHOT_TOPICS = new Set(['books1', 'books5', 'books15', 'books50', 'account', 'ticker', 'kline']);

export function channelKind(topic: string): ChannelKind {
  if (topic === 'books') return 'incremental';
  return SNAPSHOT_TOPICS.has(topic) ? 'snapshot' : 'event';
}

export interface ChannelArg {
  instType: string;
  topic: string;
  symbol?: string | undefined;
  /** kline only: the candle interval, part of the channel. */
  interval?: string | undefined;
}

/** Reads a subscription arg; null when it lacks instType or topic. */
export function readChannelArg(value: unknown): ChannelArg | null {
  if (typeof value !== 'object' || value === null) return null;
  const { instType, topic, symbol, interval } = value as Record<string, unknown>;
  if (typeof instType !== 'string' || instType === '' || typeof topic !== 'string' || topic === '') return null;
  if (symbol !== undefined && typeof symbol !== 'string') return null;
  if (interval !== undefined && typeof interval !== 'string') return null;
  return { instType, topic, ...(symbol === undefined ? {} : { symbol }), ...(interval === undefined ? {} : { interval }) };
}

/**
 * One key per (instType, topic, symbol, interval). instType is case-folded because clients write
 * both `USDT-FUTURES` and `usdt-futures` (upstream-facts) and upstream echoes either.
 */
export function channelKey(arg: ChannelArg): string {
  return `${arg.instType.toLowerCase()}|${arg.topic}|${arg.symbol ?? ''}${arg.interval === undefined ? '' : `|${arg.interval}`}`;
}
