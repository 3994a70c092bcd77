// Depth sequence numbers (websocket.md, Depth Channel): `seq` and `pseq` are JSON numbers
// that go beyond 2^53 on the live exchange (1304314508780744705 in its example). JSON.parse
// rounds such a number to the nearest double, and neighbouring seqs then collide: a gap
// of a few units goes unseen, and the snapshot rule below cannot be checked exactly.
//
// So the text is read before JSON.parse: quoteLongSequences turns a seq or pseq of 16 or
// more digits into a string, which JSON.parse keeps exact; toSequence reads either form
// as a bigint. Shorter values (every simulator stream, most of the time) stay numbers and
// the text is returned untouched, without a copy.

/** A sequence number as a message carries it: a JSON number, or digits as text. */
export type SequenceValue = number | string | bigint;

const DIGITS = /^\d{1,30}$/;

/** The sequence number as an exact bigint; throws a RangeError on anything but a non-negative integer. */
export function toSequence(value: SequenceValue, field = 'seq'): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new RangeError(`${field} must not be negative`);
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${field} must be a non-negative integer`);
    return BigInt(value);
  }
  if (typeof value === 'string' && DIGITS.test(value)) return BigInt(value);
  throw new RangeError(`${field} must be a non-negative integer or its digits`);
}

/**
 * A sequence number for a JSON message we write: a number while that is exact, digits as
 * text beyond 2^53 (the contract reads both; see depthDataSchema).
 */
export function sequenceForJson(value: bigint): number | string {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

// Digits a double holds exactly in every case; 16 digits may already round.
const SAFE_DIGITS = 15;
const KEYS = ['"seq":', '"pseq":'] as const;

/**
 * The JSON text with every `"seq":` and `"pseq":` number of 16 or more digits written as
 * a string, so JSON.parse keeps it exact. Whitespace after the colon is allowed. Text
 * without such a number comes back as the same string.
 */
export function quoteLongSequences(text: string): string {
  let out: string[] | null = null;
  let copied = 0;
  for (const key of KEYS) {
    let at = text.indexOf(key);
    while (at >= 0) {
      let start = at + key.length;
      while (text.charCodeAt(start) === 32) start++;
      let end = start;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      if (end - start > SAFE_DIGITS) {
        out ??= [];
        // Keys may be found out of text order (seq before pseq): splice by position.
        out.push(`${start}:${end}`);
      }
      at = text.indexOf(key, end);
    }
  }
  if (out === null) return text;
  const spans = out.map((s) => s.split(':').map(Number) as [number, number]).sort((x, y) => x[0] - y[0]);
  let result = '';
  for (const [start, end] of spans) {
    result += `${text.slice(copied, start)}"${text.slice(start, end)}"`;
    copied = end;
  }
  return result + text.slice(copied);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
