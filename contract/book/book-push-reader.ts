// Reads a `books` push straight from the frame's JSON text into an OrderBook (issue 23
// item 2). JSON.parse was three quarters of a push's cost (bench/book.bench.ts): it makes
// an object per message, an array and two strings per level, which the book turns into
// integers at once. This reads the characters once instead: each price and size becomes
// the book's scaled integer as its digits go by (and, while the feed carries checksums,
// its CRC piece), into the book's pending levels; then OrderBook.applyRead applies them
// by the rules a parsed push goes by. No float arithmetic: digits accumulate in a double
// only while the integer is exact (below 2^53), as in DecimalReader.
//
// It reads only what it fully understands, and declines (returns DECLINED) anything
// else before touching the book; the caller then parses the frame as before, and
// today's checks report what is wrong. What it reads:
//   {"arg":{plain strings},"action":"snapshot"|"update","data":[{...}],"ts":number}
//   keys in any order, any JSON whitespace, no key twice; data holds exactly one object:
//   a and b, arrays of ["price","size"]; seq and pseq, integers; checksum, an integer;
//   ts, a string of digits; any other key only with a number, plain string or literal.
// Prices and sizes: digits, an optional fraction, no sign, no leading zero ("0.5", not
// "00.5"), no more non-zero decimals than the book's scale, below 2^53 once scaled. That
// is what the book accepts, less the odd forms it also takes ("007", "-0"), whose text a
// level could not give back from its value (book-side.ts forms). A malformed level is
// therefore declined too: it reaches the book through JSON.parse and throws the
// DecimalError naming it ("b[3] price ..."), which the pipeline turns into a resync.
// "Plain" strings have no escape and no control character: their meaning is their text.
//
// Most pushes are updates of one channel, and each opens with the same text up to its
// data's fields ({"arg":{...},"action":"update","data":[{): once such a head has been
// read in full, a push starting with that very text resumes after it (readBookPush).
//
// Sequence numbers stay exact: up to 15 digits they are read as a number, longer ones as
// digits through sequence.ts. The JSON path keeps a long one exact only where
// quoteLongSequences finds it (the colon right after the key, then spaces alone); other
// texts JSON.parse would round, so those are declined rather than read differently.

import { CRC32_TABLE, crc32UpdateByte } from '../core/crc32';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../core/json-chars';
import { isDigit, plainStringEnd, scalarEnd, skipSpace, textIs } from '../core/json-text';
import { textForm } from './book-side';
import type { BookResult, OrderBook, ParsedLevels } from './order-book';
import { toSequenceKey, type SequenceKey } from './sequence';

/** What readBookPush returns for a text it does not read: nothing was applied. */
export const DECLINED = -1;

/** What the last read push was and did, for the pipeline that reacts to it. */
export interface BookPushRead {
  snapshot: boolean;
  result: BookResult;
  /** data.ts (exchange time, ms) when the push had one. */
  ts: number | undefined;
}

/**
 * Reads the push whose object starts at text[start] (after any spaces) and applies it to
 * `book`: returns the index just past the object, with the outcome in `out`, or DECLINED.
 * The caller has matched the push's `arg` to the book; what follows the object is the
 * caller's to check.
 */
export function readBookPush(text: string, start: number, book: OrderBook, out: BookPushRead): number {
  start = skipSpace(text, start);
  let i: number;
  let seen: number;
  headEnd = -1;
  // Most pushes are updates that open exactly like the last one read: the same arg, then
  // "action":"update","data":[{. That head was read in full before, so its text alone
  // says what it holds; startsWith compares it natively, at a fraction of reading it.
  if (knownHead !== '' && text.startsWith(knownHead, start)) {
    snapshot = false;
    seen = knownHeadFields;
    i = closeData(text, readDataFields(text, start + knownHead.length, book));
  } else {
    if (text.charCodeAt(start) !== OPEN_BRACE) return DECLINED;
    snapshot = false;
    seen = 0;
    i = skipSpace(text, start + 1);
    if (text.charCodeAt(i) === CLOSE_BRACE) return DECLINED;
    i = readField(text, i, book, seen);
    seen = field;
  }
  for (;;) {
    if (i < 0) return DECLINED;
    i = skipSpace(text, i);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) break;
    if (c !== COMMA) return DECLINED;
    i = readField(text, skipSpace(text, i + 1), book, seen);
    if (i < 0 || (seen & field) !== 0) return DECLINED;
    seen |= field;
  }
  if ((seen & (ARG | ACTION | DATA)) !== (ARG | ACTION | DATA)) return DECLINED;
  if (headEnd > 0) {
    knownHead = text.slice(start, headEnd);
    knownHeadFields = headFields;
  }
  out.snapshot = snapshot;
  out.ts = dataTs;
  out.result = book.applyRead(snapshot, dataSeq, dataPseq, dataChecksum);
  return i + 1;
}

// The last update's head (see readBookPush) and the fields it holds; what the push being
// read found: its action, the key of the field just read, and its own head when it is
// an update whose data came after its action (-1: none).
let knownHead = '';
let knownHeadFields = 0;
let snapshot = false;
let field = 0;
let headEnd = -1;
let headFields = 0;

/** One field of the push's object, `"key":value`, at i: the index past it, its key in `field`. */
function readField(text: string, i: number, book: OrderBook, seen: number): number {
  const keyEnd = plainStringEnd(text, i);
  if (keyEnd < 0) return DECLINED;
  const keyStart = i + 1;
  i = skipSpace(text, keyEnd);
  if (text.charCodeAt(i) !== COLON) return DECLINED;
  i = skipSpace(text, i + 1);
  if (textIs(text, keyStart, keyEnd - 1, 'data')) {
    field = DATA;
    const end = readData(text, i, book);
    if ((seen & ACTION) !== 0 && !snapshot) {
      headEnd = dataFieldsAt;
      headFields = seen | DATA;
    }
    return end;
  }
  if (textIs(text, keyStart, keyEnd - 1, 'arg')) {
    field = ARG;
    return plainObjectEnd(text, i);
  }
  if (textIs(text, keyStart, keyEnd - 1, 'action')) {
    field = ACTION;
    const end = plainStringEnd(text, i);
    snapshot = textIs(text, i + 1, end - 1, 'snapshot');
    return snapshot || textIs(text, i + 1, end - 1, 'update') ? end : DECLINED;
  }
  if (textIs(text, keyStart, keyEnd - 1, 'ts')) {
    field = TS;
    return isNumberStart(text.charCodeAt(i)) ? scalarEnd(text, i) : DECLINED;
  }
  return DECLINED; // `event` (an ack, an error) or anything else: not a plain push
}

// Keys met, as bits: top level, then data's object.
const ARG = 1;
const ACTION = 2;
const DATA = 4;
const TS = 8;
const ASKS = 1;
const BIDS = 2;
const SEQ = 4;
const PSEQ = 8;
const CHECKSUM = 16;
const DATA_TS = 32;

// What the readers below found. Module state rather than result objects, so a push
// allocates nothing (JS is single-threaded; nothing here is re-entered).
let dataSeq: SequenceKey = 0;
let dataPseq: SequenceKey = -1;
let dataChecksum = 0;
let dataTs: number | undefined;
let number = 0;
let sequence: SequenceKey = 0;
let decimals = 0;
let crc = 0;

/** `"data":[{...}]`, exactly one object, into the module state and the book's pending levels. */
function readData(text: string, i: number, book: OrderBook): number {
  if (text.charCodeAt(i) !== OPEN_BRACKET) return DECLINED;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) !== OPEN_BRACE) return DECLINED;
  dataFieldsAt = i + 1;
  return closeData(text, readDataFields(text, i + 1, book));
}

/** After data's object (at i, past its closing brace): the array's closing bracket. */
function closeData(text: string, i: number): number {
  if (i < 0) return DECLINED;
  i = skipSpace(text, i);
  return text.charCodeAt(i) === CLOSE_BRACKET ? i + 1 : DECLINED;
}

// Where the fields of data's object begin, for a head to learn.
let dataFieldsAt = 0;

/** The fields of data's object, from just past its opening brace; the index past its closing one. */
function readDataFields(text: string, i: number, book: OrderBook): number {
  dataPseq = -1;
  dataChecksum = 0;
  dataTs = undefined;
  let seen = 0;
  i = skipSpace(text, i);
  for (;;) {
    const keyEnd = plainStringEnd(text, i);
    if (keyEnd < 0) return DECLINED;
    const keyStart = i + 1;
    const k = keyEnd - 1;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return DECLINED;
    i = skipSpace(text, i + 1);
    let key: number;
    let end: number;
    if (textIs(text, keyStart, k, 'a')) {
      key = ASKS;
      end = readLevels(text, i, book.pendingAsks, book);
    } else if (textIs(text, keyStart, k, 'b')) {
      key = BIDS;
      end = readLevels(text, i, book.pendingBids, book);
    } else if (textIs(text, keyStart, k, 'seq')) {
      key = SEQ;
      end = readSequence(text, keyEnd, i);
      dataSeq = sequence;
    } else if (textIs(text, keyStart, k, 'pseq')) {
      key = PSEQ;
      end = readSequence(text, keyEnd, i);
      dataPseq = sequence;
    } else if (textIs(text, keyStart, k, 'checksum')) {
      key = CHECKSUM;
      end = readInteger(text, i);
      dataChecksum = number;
    } else if (textIs(text, keyStart, k, 'ts')) {
      key = DATA_TS;
      // A string of digits, as upstream sends it; the JSON path takes Number() of it.
      end = plainStringEnd(text, i);
      if (end >= 0 && readInteger(text, i + 1) !== end - 1) return DECLINED;
      dataTs = number;
    } else {
      // Another field (live pushes add maxDepth): skipped when it is a plain scalar.
      key = 0;
      end = text.charCodeAt(i) === QUOTE ? plainStringEnd(text, i) : scalarEnd(text, i);
    }
    if (end < 0 || (seen & key) !== 0) return DECLINED;
    seen |= key;
    i = skipSpace(text, end);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) break;
    if (c !== COMMA) return DECLINED;
    i = skipSpace(text, i + 1);
  }
  return (seen & (ASKS | BIDS | SEQ)) === (ASKS | BIDS | SEQ) ? i + 1 : DECLINED;
}

const COLON_CRC = crc32UpdateByte(0, COLON);

/** An array of ["price","size"] levels into `out`. */
function readLevels(text: string, i: number, out: ParsedLevels, book: OrderBook): number {
  if (text.charCodeAt(i) !== OPEN_BRACKET) return DECLINED;
  out.length = 0;
  const track = book.wantsCrcPieces;
  const priceScale = book.priceScale;
  const sizeScale = book.sizeScale;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return i + 1;
  for (;;) {
    if (text.charCodeAt(i) !== OPEN_BRACKET) return DECLINED;
    const priceAt = skipSpace(text, i + 1);
    // The level's CRC piece is ":price:size" (book-side.ts), made as the characters pass.
    crc = COLON_CRC;
    let end = readDecimal(text, priceAt, priceScale, track);
    if (end < 0) return DECLINED;
    const ticks = number;
    const priceDecimals = decimals;
    const priceLength = end - priceAt - 2;
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COMMA) return DECLINED;
    const sizeAt = skipSpace(text, i + 1);
    if (track) crc = crc32UpdateByte(crc, COLON);
    end = readDecimal(text, sizeAt, sizeScale, track);
    if (end < 0) return DECLINED;
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== CLOSE_BRACKET) return DECLINED;
    const n = out.length;
    if (n === out.ticks.length) out.grow(n + 1);
    out.ticks[n] = ticks;
    out.lots[n] = number;
    out.crcs[n] = crc;
    out.crcLengths[n] = track ? priceLength + (end - sizeAt - 2) + 2 : 0;
    out.forms[n] = textForm(priceDecimals, decimals);
    out.length = n + 1;
    i = skipSpace(text, i + 1);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACKET) return i + 1;
    if (c !== COMMA) return DECLINED;
    i = skipSpace(text, i + 1);
  }
}

const MAX = Number.MAX_SAFE_INTEGER;
const DOT = 0x2e;

/**
 * A quoted decimal at `scale` (see the top for the form): its scaled value into `number`,
 * the decimals it was written with into `decimals`, and, when `track`, its characters
 * run through `crc`. Returns the index past the closing quote, or DECLINED.
 */
function readDecimal(text: string, i: number, scale: number, track: boolean): number {
  if (text.charCodeAt(i) !== QUOTE) return DECLINED;
  const table = CRC32_TABLE;
  let x = crc;
  let j = i + 1;
  let c = text.charCodeAt(j);
  let v = 0;
  if (c === 0x30) {
    // A lone 0 before the point; "05" is JSON-valid text but not a form the book keeps.
    if (track) x = (x >>> 8) ^ table[(x ^ c) & 0xff]!;
    c = text.charCodeAt(++j);
  } else {
    if (c < 0x31 || c > 0x39) return DECLINED;
    do {
      if (track) x = (x >>> 8) ^ table[(x ^ c) & 0xff]!;
      v = v * 10 + (c - 48);
      c = text.charCodeAt(++j);
    } while (c >= 0x30 && c <= 0x39);
  }
  let written = 0;
  if (c === DOT) {
    if (track) x = (x >>> 8) ^ table[(x ^ c) & 0xff]!;
    c = text.charCodeAt(++j);
    while (c >= 0x30 && c <= 0x39) {
      if (track) x = (x >>> 8) ^ table[(x ^ c) & 0xff]!;
      if (written < scale) v = v * 10 + (c - 48);
      else if (c !== 0x30) return DECLINED; // more precise than the book: its DecimalError says so
      written++;
      c = text.charCodeAt(++j);
    }
    if (written === 0 || written > 0xff) return DECLINED;
  }
  if (c !== QUOTE) return DECLINED;
  for (let k = written; k < scale; k++) v *= 10;
  // Past MAX the value is no longer exact, but it stays past MAX: one check at the end.
  if (v > MAX) return DECLINED;
  number = v;
  decimals = written;
  crc = x;
  return j + 1;
}

// Digits a double holds exactly in every case (sequence.ts SAFE_DIGITS).
const SAFE_DIGITS = 15;

/**
 * A JSON integer of at most 15 digits, optionally negative, into `number`; the index
 * past it, or DECLINED. No leading zero, no "-0" (valid JSON, but not worth a case).
 */
function readInteger(text: string, i: number): number {
  const negative = text.charCodeAt(i) === 0x2d;
  let j = negative ? i + 1 : i;
  const first = j;
  let v = 0;
  for (let c = text.charCodeAt(j); c >= 0x30 && c <= 0x39; c = text.charCodeAt(++j)) v = v * 10 + (c - 48);
  const digits = j - first;
  if (digits === 0 || digits > SAFE_DIGITS || (text.charCodeAt(first) === 0x30 && (digits > 1 || negative))) return DECLINED;
  number = negative ? -v : v;
  return j;
}

/**
 * seq or pseq (its key's closing quote at keyEnd, its value at i) into `sequence`, as
 * sequence.ts keys it. Longer than 15 digits, it must sit where quoteLongSequences finds it.
 */
function readSequence(text: string, keyEnd: number, i: number): number {
  if (text.charCodeAt(i) === 0x2d) return DECLINED;
  const end = readInteger(text, i);
  if (end !== DECLINED) {
    sequence = number;
    return end;
  }
  let j = i;
  while (isDigit(text.charCodeAt(j))) j++;
  if (j - i <= SAFE_DIGITS || j - i > 30 || text.charCodeAt(i) === 0x30 || text.charCodeAt(keyEnd) !== COLON) return DECLINED;
  for (let s = keyEnd + 1; s < i; s++) if (text.charCodeAt(s) !== 0x20) return DECLINED;
  sequence = toSequenceKey(text.slice(i, j));
  return j;
}

function isNumberStart(c: number): boolean {
  return c === 0x2d || isDigit(c);
}

/** An object of plain string keys and values (a channel's arg); the index past it, or DECLINED. */
function plainObjectEnd(text: string, i: number): number {
  if (text.charCodeAt(i) !== OPEN_BRACE) return DECLINED;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === CLOSE_BRACE) return i + 1;
  for (;;) {
    i = skipSpace(text, plainStringEnd(text, i));
    if (i < 0 || text.charCodeAt(i) !== COLON) return DECLINED;
    i = plainStringEnd(text, skipSpace(text, i + 1));
    if (i < 0) return DECLINED;
    i = skipSpace(text, i);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) return i + 1;
    if (c !== COMMA) return DECLINED;
    i = skipSpace(text, i + 1);
  }
}
