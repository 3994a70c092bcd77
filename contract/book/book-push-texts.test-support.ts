// For tests: random streams of `books` pushes as the JSON text a socket receives, for
// checking that reading a push from its text (book-push-reader.ts) ends exactly where
// JSON.parse and the book's object path end (here, and in the web's socket tests).
//
// A stream is a snapshot, then mostly updates: inserts, size changes and deletes biased to
// the top, sometimes another snapshot, a repeated seq (stale) or a skipped one (gap), and
// a wrong checksum now and then. Sequence numbers start small or beyond 2^53 (live). Each
// push is written in one of several layouts: compact, pretty (JSON whitespace), keys in
// another order, an extra field, prices with fewer or more decimals than the scale, and,
// rarely, a form the reader declines ("007", a price given as a number), so streams also
// take the fallback path.

import fc from 'fast-check';
import { fromScaled } from '../core/decimal';
import type { DepthLevel } from '../schemas/ws-depth';
import { NaiveBook } from './naive-book';

export interface BookPushTexts {
  priceScale: number;
  sizeScale: number;
  texts: string[];
}

export const BOOK_ARG = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' } as const;

const MID = 50_000; // ticks

type Form = 'minimal' | 'full' | 'padded' | 'odd';
const form: fc.Arbitrary<Form> = fc.oneof({ weight: 4, arbitrary: fc.constantFrom<Form>('minimal', 'full') }, { weight: 1, arbitrary: fc.constant<Form>('padded') });

const distance = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 8 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 600 }) },
);
const lots = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 5_000_000 }) });
const level = fc.record({ d: distance, lots, priceForm: form, sizeForm: form });
type GenLevel = { d: number; lots: number; priceForm: Form; sizeForm: Form };

const push = fc.record({
  kind: fc.oneof({ weight: 12, arbitrary: fc.constant('update' as const) }, { weight: 1, arbitrary: fc.constant('snapshot' as const) }),
  b: fc.array(level, { maxLength: 12 }),
  a: fc.array(level, { maxLength: 12 }),
  // 1: continues; 0: repeats the last seq (stale); 2: skips one (gap).
  step: fc.oneof({ weight: 20, arbitrary: fc.constant(1n) }, { weight: 1, arbitrary: fc.constantFrom(0n, 2n) }),
  withChecksum: fc.boolean(),
  wrongChecksum: fc.oneof({ weight: 30, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  // Rarely, the first bid is written in a form the reader declines: the push takes the JSON path.
  odd: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  layout: fc.constantFrom('compact', 'pretty', 'reordered', 'extra'),
});

/** A stream of push texts, the first a snapshot; `checksums` says which pushes carry one. */
export function bookPushTexts(checksums: 'all' | 'none' | 'some' = 'some'): fc.Arbitrary<BookPushTexts> {
  return fc
    .record({
      scales: fc.constantFrom({ priceScale: 0, sizeScale: 0 }, { priceScale: 1, sizeScale: 3 }, { priceScale: 2, sizeScale: 4 }, { priceScale: 1, sizeScale: 0 }),
      firstSeq: fc.oneof(fc.bigInt({ min: 1n, max: 1_000_000n }), fc.bigInt({ min: 2n ** 53n - 5n, max: 2n ** 62n })),
      snapshot: fc.record({ b: fc.array(level, { maxLength: 80 }), a: fc.array(level, { maxLength: 80 }) }),
      rest: fc.array(push, { maxLength: 40 }),
    })
    .map(({ scales: { priceScale, sizeScale }, firstSeq, snapshot, rest }) => {
      const ref = new NaiveBook(priceScale, sizeScale);
      const texts: string[] = [];
      let seq = firstSeq;
      const first = { kind: 'snapshot' as const, ...snapshot, step: 0n, withChecksum: checksums !== 'none', wrongChecksum: false, odd: false, layout: 'compact' as const };
      for (const p of [first, ...rest]) {
        const pseq = seq;
        seq += p.step;
        const write = (side: 'bid' | 'ask') => (l: GenLevel, k: number) =>
          writeLevel(side === 'bid' ? MID - l.d : MID + 1 + l.d, side === 'bid' && k === 0 && p.odd ? { ...l, priceForm: 'odd' } : l, priceScale, sizeScale);
        const b = p.b.map(write('bid'));
        const a = p.a.map(write('ask'));
        if (p.kind === 'snapshot') ref.snapshot(b, a);
        else ref.update(b, a);
        const withChecksum = checksums === 'all' || (checksums === 'some' && p.withChecksum);
        const checksum = withChecksum ? ref.checksum() ^ (p.wrongChecksum ? 1 : 0) : undefined;
        texts.push(writePush(p.kind, b, a, seq, p.kind === 'snapshot' ? 0n : pseq, checksum, p.layout));
      }
      return { priceScale: priceScale, sizeScale: sizeScale, texts };
    });
}

// 'padded' adds zeros past the scale; 'odd' is a leading zero, which the book takes and
// the reader declines (a level's text could not be given back from its value).
function writeLevel(ticks: number, l: GenLevel, priceScale: number, sizeScale: number): DepthLevel {
  return [writeDecimal(ticks, priceScale, l.priceForm), writeDecimal(l.lots, sizeScale, l.sizeForm)];
}

function writeDecimal(value: number, scale: number, f: Form): string {
  const full = fromScaled(value, scale);
  if (f === 'minimal') return fromScaled(value, scale, { trim: true });
  if (f === 'full') return full;
  if (f === 'padded') return `${full}${scale === 0 ? '.' : ''}00`;
  return `0${full}`;
}

function writePush(kind: 'snapshot' | 'update', b: DepthLevel[], a: DepthLevel[], seq: bigint, pseq: bigint, checksum: number | undefined, layout: string): string {
  // Placeholders for what JSON.stringify cannot write: bigints as numbers.
  const data: Record<string, unknown> = { a, b, checksum, pseq: '@pseq', seq: '@seq', ts: '1700000000000' };
  if (layout === 'extra') data.maxDepth = 400;
  const ordered = layout === 'reordered' ? Object.fromEntries(Object.entries(data).reverse()) : data;
  const msg = layout === 'reordered' ? { arg: BOOK_ARG, data: [ordered], ts: 1700000000003, action: kind } : { arg: BOOK_ARG, action: kind, data: [ordered], ts: 1700000000003 };
  return JSON.stringify(msg, null, layout === 'pretty' ? 2 : undefined)
    .replace('"@pseq"', String(pseq))
    .replace('"@seq"', String(seq));
}
