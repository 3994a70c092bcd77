// HMAC-SHA256 for one key, signed many times: the proxy signs every relayed call with its
// account's secret (signing.ts RestSigner).
//
// Why not node:crypto's createHmac, which the simulator still verifies with: each call of
// it builds a JS stream object, a native handle and OpenSSL contexts, and re-keys the MAC.
// Warm, that is ~2 µs. But a desk's calls come one at a time, and between them the proxy's
// process sleeps and its caches go cold: measured after a 1 ms sleep, createHmac took
// 47 to 58 µs at p50; this file's signer 10 µs. In the proxy, timed inside each call of the
// bench's serial probe, signing went from about 18 µs to 7 µs (issue 23, "proxy over the
// floor"). It keys once (the pads' states are kept), allocates nothing per call but its
// answer, and hashes in JS: no native call on the way for ASCII text (signed texts are,
// but for a body's odd character). Only the digest's base64 is Node's: built here a
// character at a time, it made a rope that the header check and the socket then flatten;
// with undici's header check, 550 ns warm and 1.8 to 1.95 µs with cold caches, against
// 140 ns and 1.15 to 1.45 µs for Buffer's base64.
//
// Nor @noble/hashes (in node_modules through ccxt): its keyed HMAC, cloned per call,
// allocates its state and took 43 to 47 µs after the same 1 ms sleep.
//
// It is checked against createHmac for random keys and messages (hmac-sha256.test.ts), and
// every signed call of the tests is verified by the simulator with createHmac.
import { createHash } from 'node:crypto';

/** The SHA-256 round constants (FIPS 180-4, 4.2.2). */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7,
  0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
/** The initial hash value (FIPS 180-4, 5.3.3). */
const IV = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const BLOCK = 64;

// Scratch space shared by every key: signing is synchronous, so no two calls overlap.
const w = new Int32Array(64);
const state = new Int32Array(8);
const digest = Buffer.alloc(32);
let message = new Uint8Array(1024);

/** One 64-byte block at `offset` of `bytes` into `h` (FIPS 180-4, 6.2.2). */
function compress(h: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

/** `text` as UTF-8 at the start of the scratch message, with room for the padding; its byte length. */
function encode(text: string): number {
  const most = text.length * 3 + BLOCK + 9;
  if (message.length < most) message = new Uint8Array(Math.max(most, message.length * 2));
  // Signed texts are ASCII but for a body's odd character: copy ASCII, else let Node encode.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return Buffer.from(message.buffer, message.byteOffset, message.length).write(text, 0, 'utf8');
    message[i] = code;
  }
  return text.length;
}

/**
 * Pads the `length` bytes at the start of the scratch message (FIPS 180-4, 5.1.1) for a
 * hash that has already taken one block (the key's pad): returns the padded length.
 */
function pad(length: number): number {
  const total = (Math.floor((length + 8) / BLOCK) + 1) * BLOCK;
  message.fill(0, length, total);
  message[length] = 0x80;
  const bits = (length + BLOCK) * 8;
  // The length's high word is 0 below 512 MB; written all the same, as the standard has it.
  const high = Math.floor(bits / 0x1_0000_0000);
  message[total - 8] = high >>> 24;
  message[total - 7] = high >>> 16;
  message[total - 6] = high >>> 8;
  message[total - 5] = high;
  message[total - 4] = bits >>> 24;
  message[total - 3] = bits >>> 16;
  message[total - 2] = bits >>> 8;
  message[total - 1] = bits;
  return total;
}

/** The state's 32 bytes, big-endian, at the start of `out`. */
function stateBytes(out: Uint8Array): void {
  for (let i = 0; i < 8; i++) {
    const v = state[i]!;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = v >>> 16;
    out[i * 4 + 2] = v >>> 8;
    out[i * 4 + 3] = v;
  }
}

/** HMAC-SHA256 under one secret (RFC 2104), as base64; the key's pads are hashed once, here. */
export class HmacSha256 {
  readonly #inner: Int32Array;
  readonly #outer: Int32Array;

  constructor(secret: string) {
    let key = Buffer.from(secret, 'utf8');
    // A key longer than a block is hashed first (RFC 2104, 2).
    if (key.length > BLOCK) key = createHash('sha256').update(key).digest();
    this.#inner = HmacSha256.#padState(key, 0x36);
    this.#outer = HmacSha256.#padState(key, 0x5c);
  }

  static #padState(key: Uint8Array, fill: number): Int32Array {
    const block = new Uint8Array(BLOCK).fill(fill);
    for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ fill;
    const h = Int32Array.from(IV);
    compress(h, block, 0);
    return h;
  }

  /** base64(HMAC-SHA256(secret, UTF-8 of text)). */
  base64(text: string): string {
    // Inner hash: the ipad block is already in #inner; the text follows.
    const total = pad(encode(text));
    state.set(this.#inner);
    for (let offset = 0; offset < total; offset += BLOCK) compress(state, message, offset);
    // Outer hash: the opad block is in #outer; the inner digest follows, padded to one block.
    stateBytes(message);
    pad(32);
    state.set(this.#outer);
    compress(state, message, 0);
    stateBytes(digest);
    return digest.toString('base64');
  }
}
