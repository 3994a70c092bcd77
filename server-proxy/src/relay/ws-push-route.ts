// Routes an upstream push without parsing it. At 50,000 book messages a second a full
// JSON.parse of each (~11.5 µs) was most of the relay's cost, yet routing needs only the
// channel: the top-level `arg` object and `action`, which upstream writes first
// (`{"arg":{...},"action":"update","data":[...],"ts":...}`). So the relay scans the
// top-level keys until it has both, skipping any other value unread, and forwards the
// bytes it received unchanged.
//
// The arg's text is read through a small cache; on a miss it is parsed on its own, so an
// arg with its keys in another order, or with whitespace, still finds its channel. A
// message with an `event` key (acks, errors, trade answers), or one the scanner cannot
// follow, is left to the caller's full parse.

import { channelKey, readChannelArg, type ChannelArg } from './ws-channel';

export interface PushHead {
  /** The raw text of the `arg` object. */
  argText: string;
  /** The `action` value, when the push has one. */
  action: string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

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
  let argText: string | undefined;
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
    const key = buf.subarray(keyStart, keyEnd - 1);
    if (key.equals(KEY_EVENT)) return null;
    const valueEnd = skipValue(buf, i);
    if (valueEnd < 0) return null;
    if (key.equals(KEY_ARG)) {
      if (buf[i] !== OPEN_BRACE) return null;
      argText = buf.toString('utf8', i, valueEnd);
    } else if (key.equals(KEY_ACTION)) {
      if (buf[i] !== QUOTE || hasEscape(buf, i + 1, valueEnd - 1)) return null;
      action = buf.toString('utf8', i + 1, valueEnd - 1);
    }
    if (argText !== undefined && action !== undefined) return { argText, action };
    i = skipWs(buf, valueEnd);
    if (buf[i] === COMMA) i++;
    else if (buf[i] === CLOSE_BRACE) break;
    else return null;
  }
  return argText === undefined ? null : { argText, action };
}

/** Channel args by their raw text: upstream spells each channel the same way every time. */
export class ArgReader {
  private readonly cache = new Map<string, { arg: ChannelArg; key: string } | null>();

  constructor(private readonly maxEntries = 1024) {}

  /** The channel of a raw arg text, or null when it is not JSON or not a channel arg. */
  read(argText: string): { arg: ChannelArg; key: string } | null {
    const hit = this.cache.get(argText);
    if (hit !== undefined) return hit;
    let arg: ChannelArg | null = null;
    try {
      arg = readChannelArg(JSON.parse(argText));
    } catch {
      arg = null;
    }
    const entry = arg === null ? null : { arg, key: channelKey(arg) };
    // Upstream echoes only what was subscribed, so the cache stays small; a misbehaving
    // upstream that invents spellings just empties it now and then.
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(argText, entry);
    return entry;
  }
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
