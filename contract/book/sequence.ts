// Depth sequence numbers (websocket.md, Depth Channel): `seq` and `pseq` are JSON numbers
// that go beyond 2^53 on the live exchange (1304314508780744705 in its example). JSON.parse
// rounds such a number to the nearest double, and neighbouring seqs then collide: a gap
// of a few units goes unseen, and the snapshot rule below cannot be checked exactly.
//
// So the text is read before JSON.parse: quoteLongSequences turns a seq or pseq of 16 or
// more digits into a string, which JSON.parse keeps exact; toSequence reads either form
// as a bigint. Shorter values (every simulator stream, most of the time) stay numbers and
// the text is returned untouched, without a copy. (A books push the browser reads from
// its text, book-push-reader.ts, skips JSON.parse and reads seq exactly on its own.)

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
 * A sequence number in the one form the book compares: a number while it is a safe
 * integer, a bigint beyond. Each value has exactly one form, so === between two keys is
 * equality of the values, and < and > compare exactly across the forms (JS compares a
 * number with a bigint by value).
 */
export type SequenceKey = number | bigint;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The key of a sequence number. The common case, a JSON number below 2^53, comes back as
 * it is, so the book makes no bigint per message. Throws like toSequence.
 */
export function toSequenceKey(value: SequenceValue, field = 'seq'): SequenceKey {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const exact = toSequence(value, field);
  return exact <= MAX_SAFE ? Number(exact) : exact;
}

/**
 * A sequence number for a JSON message we write: a number while that is exact, digits as
 * text beyond 2^53 (the contract reads both; see depthDataSchema).
 */
export function sequenceForJson(value: bigint): number | string {
  return value <= MAX_SAFE ? Number(value) : value.toString();
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
