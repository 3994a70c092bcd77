import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteLongSequences, sequenceForJson, toSequence } from './sequence';

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
});
