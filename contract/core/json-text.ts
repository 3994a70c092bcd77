// Steps over JSON text without parsing it, for the readers that take a frame's text
// directly (contract/book/book-push-reader.ts, the web's socket). Each returns the index
// just past what it stepped over, or -1 when the text there is not what it accepts; none
// allocates.

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-chars';

export function isJsonSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function skipSpace(text: string, i: number): number {
  // Every JSON space is below '!': compact text, the usual case, costs one compare.
  while (text.charCodeAt(i) <= 0x20 && isJsonSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * `i` is at an opening quote: the index past the closing one, for a string whose meaning
 * is its characters as written (no escape, no control character); -1 otherwise.
 */
export function plainStringEnd(text: string, i: number): number {
  if (text.charCodeAt(i) !== QUOTE) return -1;
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
  return -1;
}

/** True when text[start, end) is exactly `word` (a key or a value read in place). */
export function textIs(text: string, start: number, end: number, word: string): boolean {
  const n = word.length;
  if (end - start !== n) return false;
  // A loop: startsWith is a builtin call, dearer than comparing the few characters of a key.
  for (let k = 0; k < n; k++) if (text.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * A number in full JSON grammar, -?(0|[1-9]digits)(.digits)?([eE][+-]?digits)?, or
 * true, false or null; the index past it, -1 otherwise.
 */
export function scalarEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x74 /* t */ || c === 0x66 /* f */ || c === 0x6e /* n */) {
    for (const word of LITERALS) if (text.startsWith(word, i)) return i + word.length;
    return -1;
  }
  let j = i;
  if (text.charCodeAt(j) === 0x2d /* - */) j++;
  if (text.charCodeAt(j) === 0x30 /* 0 */) j++;
  else if (isDigit(text.charCodeAt(j))) j = digitsEnd(text, j);
  else return -1;
  if (text.charCodeAt(j) === 0x2e /* . */) {
    const end = digitsEnd(text, j + 1);
    if (end === j + 1) return -1;
    j = end;
  }
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45 /* e E */) {
    j++;
    const sign = text.charCodeAt(j);
    if (sign === 0x2b || sign === 0x2d) j++;
    const end = digitsEnd(text, j);
    if (end === j) return -1;
    j = end;
  }
  return j;
}

const LITERALS = ['true', 'false', 'null'] as const;

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function digitsEnd(text: string, i: number): number {
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The index past the JSON value at `i`, found by its brackets and strings only: it does
 * not check what is inside (JSON.parse of the slice does), -1 when it runs off the end.
 */
export function valueEnd(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) {
      j++;
      while (j < text.length && text.charCodeAt(j) !== QUOTE) j += text.charCodeAt(j) === BACKSLASH ? 2 : 1;
      if (j >= text.length) return -1;
      if (depth === 0) return j + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) return j > i ? j : -1; // the end of a number or literal
      if (--depth === 0) return j + 1;
    } else if (depth === 0 && (c === COMMA || isJsonSpace(c))) {
      return j > i ? j : -1;
    }
  }
  return depth === 0 && text.length > i ? text.length : -1;
}
