// Public depth channels: spec 6.3, with the message shapes of upstream-facts "WS v3".
//
//   subscribe  {"op":"subscribe","args":[{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}]}
//   ack        {"event":"subscribe","arg":{...}}
//   push       {"arg":{...},"action":"snapshot"|"update","data":[{a,b,checksum,pseq,seq,ts}],"ts":ms}
//   live push  the same without checksum, with maxDepth (websocket.md)
//
// `books` sends a snapshot, then updates whose pseq equals the previous seq; books1,
// books5, books15 and books50 send a snapshot every time. Prices and sizes stay
// decimal strings; contract/book turns them into integer ticks and lots. The rules that
// keep a book continuous are in contract/book/order-book.ts.

import { z } from 'zod';
import { isUnsignedDecimalString } from '../core/decimal';

/** The depth topics of spec 6.3. */
export const depthTopics = ['books', 'books1', 'books5', 'books15', 'books50'] as const;
export const depthTopicSchema = z.enum(depthTopics);
export type DepthTopic = z.infer<typeof depthTopicSchema>;

/** Levels per side that each topic carries; `books` is full depth. */
export const depthTopicLevels: Readonly<Record<DepthTopic, number | 'full'>> = {
  books: 'full',
  books1: 1,
  books5: 5,
  books15: 15,
  books50: 50,
};

// The categories our instruments have (ARCHITECTURE.md "Instruments"). Clients of the
// public API send them in either case, so both spellings are accepted and passed on as
// sent. v3 lists no margin books (websocket.md: spot and futures lines): a margin pair
// trades on the spot book, so depthInstTypeFor('margin') is 'spot'; `margin` stays
// accepted for the seed.
const instTypes = ['spot', 'margin', 'usdt-futures'] as const;
export const depthInstTypeSchema = z.enum([...instTypes, ...instTypes.map((t) => t.toUpperCase() as Uppercase<(typeof instTypes)[number]>)]);
export type DepthInstType = z.infer<typeof depthInstTypeSchema>;

/** The lower-case category for an instType in either spelling: "USDT-FUTURES" -> "usdt-futures". */
export function depthCategory(instType: DepthInstType): (typeof instTypes)[number] {
  return instType.toLowerCase() as (typeof instTypes)[number];
}

/** The instType to subscribe a category's book with on v3: margin pairs use the spot book. */
export function depthInstTypeFor(category: string): Exclude<(typeof instTypes)[number], 'margin'> {
  const c = category.toLowerCase();
  if (c === 'margin') return 'spot';
  if ((instTypes as readonly string[]).includes(c)) return c as Exclude<(typeof instTypes)[number], 'margin'>;
  throw new RangeError(`no depth channel for category ${category}`);
}

export const depthArgSchema = z.object({
  instType: depthInstTypeSchema,
  topic: depthTopicSchema,
  symbol: z.string().regex(/^[A-Z0-9]{2,32}$/, 'symbol must be upper-case letters and digits, like BTCUSDT'),
});
export type DepthArg = z.infer<typeof depthArgSchema>;

export const depthSubscribeRequestSchema = z.object({
  op: z.enum(['subscribe', 'unsubscribe']),
  args: z.array(depthArgSchema).min(1, 'args must name at least one channel'),
});
export type DepthSubscribeRequest = z.infer<typeof depthSubscribeRequestSchema>;

export const depthSubscribeAckSchema = z.object({
  event: z.enum(['subscribe', 'unsubscribe']),
  arg: depthArgSchema,
});
export type DepthSubscribeAck = z.infer<typeof depthSubscribeAckSchema>;

const decimalString = (field: string) =>
  z.string().refine(isUnsignedDecimalString, `${field} must be a non-negative decimal string in plain notation`);

/** One price level, [price, size]; a size of "0" in an update deletes the level. */
export const depthLevelSchema = z.tuple([decimalString('price'), decimalString('size')]);
export type DepthLevel = z.infer<typeof depthLevelSchema>;

// seq and pseq exceed 2^53 on the live exchange. Read with quoteLongSequences
// (contract/book/sequence.ts) first, a long one arrives as its digits and stays exact;
// a plain JSON.parse turns it into the nearest double, still an integer. Both are taken.
const sequenceNumber = (field: string) =>
  z.union([z.number(), z.string()], { error: `${field} must be a number` }).superRefine((v, ctx) => {
    const ok = typeof v === 'number' ? Number.isInteger(v) && v >= 0 : /^\d{1,30}$/.test(v);
    if (!ok) ctx.addIssue({ code: 'custom', message: `${field} must be an integer` });
  });

export const depthDataSchema = z.object({
  a: z.array(depthLevelSchema),
  b: z.array(depthLevelSchema),
  /** CRC32 of the top 25 levels (seed); absent or 0 on the live exchange. */
  checksum: z.number().int('checksum must be a signed 32-bit integer').min(-0x80000000).max(0x7fffffff).optional(),
  /** The previous push's seq; only `books` carries it (websocket.md). */
  pseq: sequenceNumber('pseq').optional(),
  seq: sequenceNumber('seq'),
  /** Levels the channel keeps, live `books` only ("50"). */
  maxDepth: z.string().regex(/^\d{1,5}$/, 'maxDepth must be a whole number').optional(),
  ts: z.string().regex(/^\d+$/, 'ts must be a millisecond timestamp string'),
});
export type DepthData = z.infer<typeof depthDataSchema>;

export const depthPushSchema = z.object({
  arg: depthArgSchema,
  action: z.enum(['snapshot', 'update']),
  data: z.array(depthDataSchema).min(1, 'data must hold one book'),
  ts: z.number().int(),
});
export type DepthPush = z.infer<typeof depthPushSchema>;
