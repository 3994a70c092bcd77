import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalError } from '../core/decimal';
import { DECLINED, readBookPush, type BookPushRead } from './book-push-reader';
import { bookPushTexts } from './book-push-texts.test-support';
import { OrderBook, type BookMessage, type BookResult } from './order-book';
import { quoteLongSequences } from './sequence';

/** Today's path, as the web's socket and book-message.ts take a push: JSON.parse, then the book's object API. */
function applyParsed(book: OrderBook, text: string): { result: BookResult; ts: number | undefined } {
  const msg = JSON.parse(quoteLongSequences(text)) as { action: string; data: (BookMessage & { ts?: unknown })[] };
  const d = msg.data[0]!;
  const data = { a: d.a, b: d.b, seq: d.seq, pseq: d.pseq, checksum: d.checksum ?? 0 };
  const result = msg.action === 'snapshot' ? book.applySnapshot(data) : book.applyUpdate(data);
  return { result, ts: typeof d.ts === 'string' ? Number(d.ts) : undefined };
}

const newRead = (): BookPushRead => ({ snapshot: false, result: { status: 'ok' }, ts: undefined });

/** What the book shows: every level as sent, the checksum, the sequence and whether it is in sync. */
function state(book: OrderBook) {
  return { view: book.view(), checksum: book.checksum(), seq: book.seqExact, inSync: book.inSync, bestBid: book.bestBid(), mid: book.mid() };
}

const ARG = '{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}';
const SNAPSHOT = `{"arg":${ARG},"action":"snapshot","data":[{"a":[["100.5","1"],["100.7","2.5"]],"b":[["100.0","2"],["99.8","0.125"]],"checksum":0,"pseq":0,"seq":10,"ts":"5"}],"ts":6}`;
const UPDATE = `{"arg":${ARG},"action":"update","data":[{"a":[["100.6","1.5"]],"b":[["99.9","3"]],"pseq":10,"seq":11,"ts":"7"}],"ts":8}`;

function bookAfterSnapshot(): OrderBook {
  const book = new OrderBook({ priceScale: 1, sizeScale: 3 });
  expect(readBookPush(SNAPSHOT, 0, book, newRead())).toBe(SNAPSHOT.length);
  return book;
}

describe('readBookPush against JSON.parse and the object path', () => {
  it('ends every generated stream with the same books, checksums, results and times', () => {
    let read = 0;
    let declined = 0;
    fc.assert(
      fc.property(bookPushTexts(), ({ priceScale, sizeScale, texts }) => {
        const ours = new OrderBook({ priceScale, sizeScale });
        const parsed = new OrderBook({ priceScale, sizeScale });
        const out = newRead();
        for (const text of texts) {
          const expected = applyParsed(parsed, text);
          const end = readBookPush(text, 0, ours, out);
          if (end === DECLINED) {
            // The browser then parses it (the socket's fallback): so does the comparison.
            declined++;
            expect(applyParsed(ours, text)).toEqual(expected);
          } else {
            read++;
            expect(end).toBe(text.length);
            expect({ result: out.result, ts: out.ts }).toEqual(expected);
            expect(out.snapshot).toBe(text.includes('"snapshot"'));
          }
          expect(state(ours)).toEqual(state(parsed));
        }
      }),
      { numRuns: 200 },
    );
    // Most pushes must really be read, or the comparison above proves little.
    expect(read).toBeGreaterThan(10 * declined);
    expect(declined).toBeGreaterThan(0);
  });

  it('keeps pushes with and without checksums apart when the feed switches between them', () => {
    // The reader makes CRC pieces only while the last push had a checksum (OrderBook.wantsCrcPieces).
    fc.assert(
      fc.property(fc.constantFrom('all', 'none', 'some') as fc.Arbitrary<'all' | 'none' | 'some'>, fc.integer({ min: 0, max: 1_000 }), (mode, seed) => {
        const { priceScale, sizeScale, texts } = fc.sample(bookPushTexts(mode), { numRuns: 1, seed })[0]!;
        const ours = new OrderBook({ priceScale, sizeScale });
        const parsed = new OrderBook({ priceScale, sizeScale });
        const out = newRead();
        for (const text of texts) {
          const expected = applyParsed(parsed, text);
          if (readBookPush(text, 0, ours, out) === DECLINED) applyParsed(ours, text);
          else expect(out.result).toEqual(expected.result);
        }
        expect(state(ours)).toEqual(state(parsed));
      }),
      { numRuns: 60 },
    );
  });
});

describe('readBookPush', () => {
  it('reads a live push: no checksum, maxDepth, sequence numbers beyond 2^53 kept exact', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 3 });
    const out = newRead();
    const live = (action: string, seq: string, pseq: string, levels: string) =>
      `{"arg":${ARG},"action":"${action}","data":[{"a":${levels},"b":[],"maxDepth":400,"pseq":${pseq},"seq":${seq},"ts":"1700000000000"}],"ts":1700000000003}`;
    readBookPush(live('snapshot', '1304314508780744705', '0', '[["100.5","1"]]'), 0, book, out);
    expect(out).toEqual({ snapshot: true, result: { status: 'ok' }, ts: 1700000000000 });
    readBookPush(live('update', '1304314508780744706', '1304314508780744705', '[["100.6","2"]]'), 0, book, out);
    expect(out.result).toEqual({ status: 'ok' });
    expect(book.seqExact).toBe(1304314508780744706n);
    // One unit apart beyond 2^53 (the doubles are equal): still a gap.
    readBookPush(live('update', '1304314508780744708', '1304314508780744707', '[]'), 0, book, out);
    expect(out.result).toMatchObject({ status: 'gap', expectedPseqExact: 1304314508780744706n, pseqExact: 1304314508780744707n });
  });

  it('reads any key order and JSON whitespace', () => {
    const book = bookAfterSnapshot();
    const text = ` {\n "ts" : 8 ,"data":[ {\t"ts":"7", "seq" : 11, "pseq":10 , "b":[ [ "99.9" , "3" ] ],"a" : [] } ] , "action":"update", "arg" : ${ARG} }`;
    const out = newRead();
    expect(readBookPush(text, 0, book, out)).toBe(text.length);
    expect(out).toEqual({ snapshot: false, result: { status: 'ok' }, ts: 7 });
    expect(book.view().bids.map((l) => l.price)).toEqual(['100.0', '99.9', '99.8']);
  });

  it('reads an update that opens like the last one by its head alone, and still checks all that follows', () => {
    const book = bookAfterSnapshot();
    const out = newRead();
    const next = (seq: number) => UPDATE.replace('"pseq":10,"seq":11', `"pseq":${seq - 1},"seq":${seq}`);
    expect(readBookPush(next(11), 0, book, out)).toBe(next(11).length); // learns the head
    expect(readBookPush(next(12).replace('}],"ts":8', '},"ts":8'), 0, book, out)).toBe(DECLINED);
    expect(readBookPush(next(12).replace('"ts":8', '"ts":8,"data":[]'), 0, book, out)).toBe(DECLINED);
    expect(readBookPush(next(12).replace('"ts":8', '"ts":8,"ts":9'), 0, book, out)).toBe(DECLINED);
    expect(readBookPush(next(12).replace('"update"', '"snapshot"'), 0, book, out)).toBe(next(12).length + 2);
    expect(out).toMatchObject({ snapshot: true, result: { status: 'ok' } });
    expect(book.seqExact).toBe(12n);
  });

  it('gives back the text of levels it stored without strings, as sent', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 3 });
    const text = `{"arg":${ARG},"action":"snapshot","data":[{"a":[["101","1.50000"],["102.30","7"]],"b":[["100","0.1"],["99.9","0.000"],["0.5","3"]],"checksum":1,"seq":1}]}`;
    readBookPush(text, 0, book, newRead());
    expect(book.view()).toMatchObject({
      asks: [{ price: '101', size: '1.50000' }, { price: '102.30', size: '7' }],
      bids: [{ price: '100', size: '0.1' }, { price: '0.5', size: '3' }],
    });
    expect([book.bestBid(), book.bestAsk()]).toEqual(['100', '101']);
    // The checksum is over those texts too: the same as the object path's.
    const parsed = new OrderBook({ priceScale: 1, sizeScale: 3 });
    applyParsed(parsed, text);
    expect(book.checksum()).toBe(parsed.checksum());
  });

  // Each of these is JSON the reader does not fully understand: it declines, leaving the
  // book untouched, and the JSON path takes the frame as before.
  const declines: [string, (update: string) => string][] = [
    ['an escape in a price', (t) => t.replace('"99.9"', '"99\\u002e9"')],
    ['a price given as a number', (t) => t.replace('"99.9"', '99.9')],
    ['a price with a leading zero', (t) => t.replace('"99.9"', '"099.9"')],
    ['a negative size', (t) => t.replace('"3"', '"-3"')],
    ['more non-zero decimals than the scale', (t) => t.replace('"99.9"', '"99.95"')],
    ['an exponent', (t) => t.replace('"3"', '"3e2"')],
    ['an empty price', (t) => t.replace('"99.9"', '""')],
    ['a value past 2^53 once scaled', (t) => t.replace('"3"', '"9007199254740.992"')],
    ['a level of three values', (t) => t.replace('["99.9","3"]', '["99.9","3","x"]')],
    ['a trailing comma in the levels', (t) => t.replace('["99.9","3"]]', '["99.9","3"],]')],
    ['seq as a string', (t) => t.replace('"seq":11', '"seq":"11"')],
    ['seq with a fraction', (t) => t.replace('"seq":11', '"seq":11.0')],
    ['seq with a leading zero', (t) => t.replace('"seq":11', '"seq":011')],
    ['a negative pseq', (t) => t.replace('"pseq":10', '"pseq":-10')],
    ['a key twice', (t) => t.replace('"seq":11', '"seq":11,"seq":12')],
    ['no seq', (t) => t.replace(',"seq":11', '')],
    ['no b', (t) => t.replace('"b":[["99.9","3"]],', '')],
    ['a long seq after a tab (JSON.parse would round it)', (t) => t.replace('"seq":11', '"seq":\t1304314508780744706')],
    ['a long seq with a space before the colon', (t) => t.replace('"seq":11', '"seq" :1304314508780744706')],
    ['a seq of 31 digits', (t) => t.replace('"seq":11', `"seq":${'1'.repeat(31)}`)],
    ['a checksum with a fraction', (t) => t.replace('"pseq"', '"checksum":1.5,"pseq"')],
    ['a checksum of -0', (t) => t.replace('"pseq"', '"checksum":-0,"pseq"')],
    ['a checksum of null', (t) => t.replace('"pseq"', '"checksum":null,"pseq"')],
    ['a ts that is not digits', (t) => t.replace('"ts":"7"', '"ts":"soon"')],
    ['a ts given as a number', (t) => t.replace('"ts":"7"', '"ts":7')],
    ['an unknown field holding an object', (t) => t.replace('"pseq"', '"extra":{"x":1},"pseq"')],
    ['an unknown top-level field', (t) => t.replace('"action"', '"code":0,"action"')],
    ['an event', (t) => t.replace('"action"', '"event":"error","action"')],
    ['another action', (t) => t.replace('"update"', '"delta"')],
    ['two data objects', (t) => t.replace('}],"ts":8', '},{}],"ts":8')],
    ['data as an object', (t) => t.replace('"data":[', '"data":').replace('}],"ts":8', '},"ts":8')],
    ['no arg', (t) => t.replace(`"arg":${ARG},`, '')],
    ['a control character in the arg', (t) => t.replace('BTCUSDT', 'BTC\u0001USDT')],
    ['a missing closing brace', (t) => t.slice(0, -1)],
    ['an array', (t) => `[${t}]`],
  ];

  it.each(declines)('declines %s, and leaves the book as it was', (_, change) => {
    const book = bookAfterSnapshot();
    const before = state(book);
    const text = change(UPDATE);
    expect(text).not.toBe(UPDATE);
    expect(readBookPush(text, 0, book, newRead())).toBe(DECLINED);
    expect(state(book)).toEqual(before);
    // The unchanged push is read: the decline was the change's doing.
    expect(readBookPush(UPDATE, 0, book, newRead())).toBe(UPDATE.length);
  });

  it('declines a malformed level, which the object path then reports naming the level', () => {
    for (const [bad, field, reason] of [
      ['"99.95"', 'b[0] price', 'too_many_decimals'],
      ['"x"', 'b[0] price', 'malformed'],
    ] as const) {
      const book = bookAfterSnapshot(); // the first error leaves a book out of sync
      const text = UPDATE.replace('"99.9"', bad);
      expect(readBookPush(text, 0, book, newRead())).toBe(DECLINED);
      const error = (() => {
        try {
          applyParsed(book, text);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(DecimalError);
      expect(error).toMatchObject({ field, reason });
      expect((error as Error).message).toContain('b[0]');
    }
  });
});
