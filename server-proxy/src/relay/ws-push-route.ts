// Routes an upstream push without parsing it. At 50,000 book messages a second a full
// JSON.parse of each (~11.5 µs) was most of the relay's cost, yet routing needs only the
// channel: the top-level `arg` object and `action`, which upstream writes first
// (`{"arg":{...},"action":"update","data":[...],"ts":...}`). So the relay scans the
// top-level keys until it has both, skipping any other value unread, and forwards the
// bytes it received unchanged.
//
// The arg's bytes are looked up in a small cache (compared in place: making a string of
// them per message cost more than the scan); on a miss they are parsed on their own, so an
// arg with its keys in another order, or with whitespace, still finds its channel. A
// message with an `event` key (acks, errors, trade answers), or one the scanner cannot
// follow, is left to the caller's full parse.

import { channelKey, readChannelArg, type ChannelArg } from './ws-channel';

export interface PushHead {
  /** Where the `arg` object's bytes start and end (exclusive). */
  argStart: number;
  argEnd: number;
  /** The `action` value, when the push has one. */
  action: string | undefined;
}

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '@contract/core/json-chars';

const KEY_ARG = Buffer.from('arg');
const KEY_ACTION = Buffer.from('action');
const KEY_EVENT = Buffer.from('event');

/**
 * The arg and action of a push, or null when `buf` is not a plain push (it has an
 * `event` key, has no `arg` object, or is not a JSON object the scan can follow).
 */
export function scanPush(buf: Buffer): PushHead | null {
  const n = buf.length;
  let i = skipWs(buf, 0);
  if (buf[i] !== OPEN_BRACE) return null;
  // A frame cut short would otherwise pass the scan, which stops early; the last byte is cheap to check.
  let last = n - 1;
  while (last > i && isWs(buf[last]!)) last--;
  if (buf[last] !== CLOSE_BRACE) return null;
  i++;
  let argStart = -1;
  let argEnd = -1;
  let action: string | undefined;
  for (;;) {
    i = skipWs(buf, i);
    if (buf[i] === CLOSE_BRACE) break;
    if (buf[i] !== QUOTE) return null;
    const keyStart = i + 1;
    const keyEnd = skipString(buf, i);
    if (keyEnd < 0) return null;
    i = skipWs(buf, keyEnd);
    if (buf[i] !== COLON) return null;
    i = skipWs(buf, i + 1);
    if (i >= n) return null;
    const keyLength = keyEnd - 1 - keyStart;
    if (keyIs(buf, keyStart, keyLength, KEY_EVENT)) return null;
    const valueEnd = skipValue(buf, i);
    if (valueEnd < 0) return null;
    if (keyIs(buf, keyStart, keyLength, KEY_ARG)) {
      if (buf[i] !== OPEN_BRACE) return null;
      argStart = i;
      argEnd = valueEnd;
    } else if (keyIs(buf, keyStart, keyLength, KEY_ACTION)) {
      if (buf[i] !== QUOTE || hasEscape(buf, i + 1, valueEnd - 1)) return null;
      action = actionOf(buf, i + 1, valueEnd - 1);
    }
    if (argStart >= 0 && action !== undefined) return { argStart, argEnd, action };
    i = skipWs(buf, valueEnd);
    if (buf[i] === COMMA) i++;
    else if (buf[i] === CLOSE_BRACE) break;
    else return null;
  }
  return argStart < 0 ? null : { argStart, argEnd, action };
}

export interface RoutedChannel {
  arg: ChannelArg;
  key: string;
}

interface CachedArg {
  bytes: Buffer;
  channel: RoutedChannel | null;
}

/** Channel args by their raw bytes: upstream spells each channel the same way every time. */
export class ArgReader {
  private entries: CachedArg[] = [];
  private last: CachedArg | null = null;

  constructor(private readonly maxEntries = 256) {}

  /** The channel of the arg in buf[start, end), or null when it is not JSON or not a channel arg. */
  read(buf: Buffer, start: number, end: number): RoutedChannel | null {
    // Consecutive pushes are mostly of one channel: try the last one first.
    const last = this.last;
    if (last !== null && sameBytes(last.bytes, buf, start, end)) return last.channel;
    for (const e of this.entries) {
      if (sameBytes(e.bytes, buf, start, end)) {
        this.last = e;
        return e.channel;
      }
    }
    let arg: ChannelArg | null = null;
    try {
      arg = readChannelArg(JSON.parse(buf.toString('utf8', start, end)));
    } catch {
      arg = null;
    }
    // A copy: the message's buffer may be a slice of a larger one that should not stay alive.
    const entry: CachedArg = { bytes: Buffer.from(buf.subarray(start, end)), channel: arg === null ? null : { arg, key: channelKey(arg) } };
    // Upstream echoes only what was subscribed, so the cache stays small; a misbehaving
    // upstream that invents spellings just empties it now and then.
    if (this.entries.length >= this.maxEntries) this.entries = [];
    this.entries.push(entry);
    this.last = entry;
    return entry.channel;
  }

  /** read() of an arg given as text. */
  readText(argText: string): RoutedChannel | null {
    const buf = Buffer.from(argText, 'utf8');
    return this.read(buf, 0, buf.length);
  }
}

// A loop: Buffer#compare with offsets is a native call whose overhead exceeds comparing
// the few dozen bytes of an arg.
function sameBytes(a: Buffer, buf: Buffer, start: number, end: number): boolean {
  if (a.length !== end - start) return false;
  for (let j = 0; j < a.length; j++) if (a[j] !== buf[start + j]) return false;
  return true;
}

const ACTION_SNAPSHOT = Buffer.from('snapshot');
const ACTION_UPDATE = Buffer.from('update');

/** The two actions upstream uses, without making a string per message. */
function actionOf(buf: Buffer, start: number, end: number): string {
  if (sameBytes(ACTION_UPDATE, buf, start, end)) return 'update';
  if (sameBytes(ACTION_SNAPSHOT, buf, start, end)) return 'snapshot';
  return buf.toString('utf8', start, end);
}

/** Compares in place: a subarray and equals() per key cost more than the rest of the scan. */
function keyIs(buf: Buffer, start: number, length: number, key: Buffer): boolean {
  if (length !== key.length) return false;
  for (let j = 0; j < length; j++) if (buf[start + j] !== key[j]) return false;
  return true;
}

function hasEscape(buf: Buffer, from: number, to: number): boolean {
  for (let j = from; j < to; j++) if (buf[j] === BACKSLASH) return true;
  return false;
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipWs(buf: Buffer, i: number): number {
  while (i < buf.length && isWs(buf[i]!)) i++;
  return i;
}

/** `i` is at an opening quote; returns the index after the closing one, or -1. */
function skipString(buf: Buffer, i: number): number {
  for (let j = i + 1; j < buf.length; j++) {
    const c = buf[j];
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
  }
  return -1;
}

/** Returns the index after the value starting at `i`, or -1. Containers are skipped by depth, strings aware. */
function skipValue(buf: Buffer, i: number): number {
  const c = buf[i];
  if (c === QUOTE) return skipString(buf, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    for (let j = i; j < buf.length; j++) {
      const d = buf[j];
      if (d === QUOTE) {
        const end = skipString(buf, j);
        if (end < 0) return -1;
        j = end - 1;
      } else if (d === OPEN_BRACE || d === OPEN_BRACKET) {
        depth++;
      } else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null: up to the next delimiter.
  let j = i;
  while (j < buf.length) {
    const d = buf[j]!;
    if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isWs(d)) break;
    j++;
  }
  return j > i ? j : -1;
}
