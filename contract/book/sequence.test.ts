import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteLongSequences, sequenceForJson, toSequence, toSequenceKey } from './sequence';

const seqs = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });

describe('depth sequence numbers beyond 2^53', () => {
  it('reads back every seq and pseq of a JSON push exactly', () => {
    fc.assert(
      fc.property(seqs, seqs, fc.constantFrom('', ' '), (seq, pseq, space) => {
        const text = `{"data":[{"a":[["1","2"]],"b":[],"pseq":${space}${pseq},"seq":${space}${seq},"maxDepth":"50","ts":"1"}],"ts":1}`;
        const parsed = JSON.parse(quoteLongSequences(text)) as { data: [{ seq: number | string; pseq: number | string; a: unknown }] };
        expect(toSequence(parsed.data[0].seq)).toBe(seq);
        expect(toSequence(parsed.data[0].pseq)).toBe(pseq);
        expect(parsed.data[0].a).toEqual([['1', '2']]);
      }),
    );
  });

  it('returns text without long sequence numbers as the same string', () => {
    const text = '{"data":[{"a":[],"b":[],"checksum":-5,"pseq":12,"seq":13,"ts":"1700000000000"}],"ts":1700000000000}';
    expect(quoteLongSequences(text)).toBe(text);
  });

  it('writes a seq as a number while exact and as digits beyond', () => {
    expect(sequenceForJson(2n ** 53n - 1n)).toBe(9007199254740991);
    expect(sequenceForJson(1304314508780744705n)).toBe('1304314508780744705');
  });

  it('refuses what is not a non-negative integer', () => {
    for (const bad of [-1, 1.5, '12a', '', '-3', Number.NaN]) expect(() => toSequence(bad as number | string), String(bad)).toThrow(RangeError);
  });

  // Values on both sides of 2^53, where the key changes form.
  const nearSafe = fc.oneof(seqs, fc.bigInt({ min: 2n ** 53n - 4n, max: 2n ** 53n + 4n }), fc.bigInt({ min: 0n, max: 1000n }));

  it('gives keys that are equal and ordered exactly as the values are, across 2^53', () => {
    fc.assert(
      fc.property(nearSafe, nearSafe, (a, b) => {
        const ka = toSequenceKey(a);
        const kb = toSequenceKey(b);
        expect(ka === kb).toBe(a === b);
        expect(ka < kb).toBe(a < b);
        expect(ka > kb).toBe(a > b);
        expect(BigInt(ka)).toBe(a);
      }),
    );
  });

  it('gives one key for a value whichever form the message carries it in', () => {
    fc.assert(
      fc.property(nearSafe, (v) => {
        const key = toSequenceKey(v);
        expect(toSequenceKey(v.toString())).toBe(key);
        if (v <= BigInt(Number.MAX_SAFE_INTEGER)) expect(toSequenceKey(Number(v))).toBe(key);
      }),
    );
    expect(typeof toSequenceKey(2 ** 53 - 1)).toBe('number');
    expect(toSequenceKey(2 ** 53)).toBe(2n ** 53n);
  });

  it('refuses for a key what it refuses for a sequence', () => {
    for (const bad of [-1, 1.5, '12a', '', '-3', Number.NaN, -1n]) expect(() => toSequenceKey(bad as number | string | bigint), String(bad)).toThrow(RangeError);
  });
});
