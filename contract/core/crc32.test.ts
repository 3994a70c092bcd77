import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Append, crc32Final, crc32LevelPiece, crc32Piece, crc32Update, CRC32_INIT } from './crc32';
import { depthChecksum } from '../book/depth-checksum';

describe('crc32', () => {
  it('reproduces the first upstream checksum vector as a signed int32', () => {
    expect(crc32('43231.1:4:43232.8:9:43231:6:43232.9:8')).toBe(-1504501796);
  });

  it('reproduces the second upstream checksum vector', () => {
    expect(crc32('3366.1:7:3366.8:9:3368:8:3372:8')).toBe(831078360);
  });

  it('matches the standard CRC-32 check value for "123456789"', () => {
    // 0xCBF43926 as a signed int32
    expect(crc32('123456789')).toBe(0xcbf43926 | 0);
  });

  it('gives the same result fed piece by piece as over the whole text', () => {
    let crc = CRC32_INIT;
    for (const piece of ['43231.1', ':4:', '43232.8', ':9:43231:6:43232.9:8']) crc = crc32Update(crc, piece);
    expect(crc32Final(crc)).toBe(-1504501796);
  });

  it('splices a piece in by its own CRC and length exactly as feeding its characters', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 90 });
    fc.assert(
      fc.property(ascii, fc.array(ascii, { minLength: 1, maxLength: 6 }), (head, pieces) => {
        let direct = crc32Update(CRC32_INIT, head);
        let spliced = direct;
        for (const p of pieces) {
          direct = crc32Update(direct, p);
          spliced = p.length === 0 ? spliced : crc32Append(spliced, crc32Piece(p), p.length);
        }
        expect(spliced).toBe(direct);
      }),
    );
  });

  it('makes a level piece that splices in as ":price:size"', () => {
    const decimal = fc.tuple(fc.nat(), fc.nat({ max: 99_999 })).map(([a, b]) => `${a}.${b}`);
    fc.assert(
      fc.property(fc.integer(), decimal, decimal, (state, price, size) => {
        const text = `:${price}:${size}`;
        expect(crc32Append(state | 0, crc32LevelPiece(price, size), text.length)).toBe(crc32Update(state | 0, text));
      }),
    );
  });
});

describe('depthChecksum', () => {
  it('interleaves bid and ask levels as in the upstream vectors', () => {
    const bids = [['43231.1', '4'], ['43231', '6']] as [string, string][];
    const asks = [['43232.8', '9'], ['43232.9', '8']] as [string, string][];
    expect(depthChecksum(bids, asks)).toBe(-1504501796);
  });

  it('continues with the longer side alone once the shorter side runs out', () => {
    const bids = [['3366.1', '7']] as [string, string][];
    const asks = [['3366.8', '9'], ['3368', '8'], ['3372', '8']] as [string, string][];
    expect(depthChecksum(bids, asks)).toBe(831078360);
  });

  it('covers only the top 25 levels of each side', () => {
    const bids = Array.from({ length: 30 }, (_, i): [string, string] => [String(1000 - i), '1']);
    const asks = Array.from({ length: 30 }, (_, i): [string, string] => [String(1001 + i), '1']);
    const changedDeep = bids.map((l, i): [string, string] => (i === 26 ? [l[0], '2'] : l));
    const changedTop = bids.map((l, i): [string, string] => (i === 24 ? [l[0], '2'] : l));
    expect(depthChecksum(changedDeep, asks)).toBe(depthChecksum(bids, asks));
    expect(depthChecksum(changedTop, asks)).not.toBe(depthChecksum(bids, asks));
  });
});
