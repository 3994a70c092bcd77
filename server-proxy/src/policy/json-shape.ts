// Checks the shape of a JSON text before it is parsed (issue 16 items 6 and 8):
// - a key repeated in one object is refused: JSON.parse keeps the last value, which is
//   what would be validated, while the raw text, holding both, is what gets signed and
//   sent, and the exchange may read the first;
// - nesting deeper than MAX_JSON_DEPTH is refused: nothing the desk sends nests past a
//   handful of levels, and a 20,000-level body would otherwise reach the parser, the
//   validator and the audit log.
// One linear pass over the text, no allocation per character; a text that is not JSON at
// all is left to JSON.parse to report.

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '@contract/core/json-chars';

export const MAX_JSON_DEPTH = 32;

export interface JsonShapeProblem {
  field: string;
  detail: string;
}

/**
 * A request body that must be one JSON value (the desk's own routes: jobs, settings): its
 * value, or the problem naming `(body)` or the field: empty, a repeated key, too deep, or
 * not JSON at all.
 */
export function parseJsonBody(body: unknown): { ok: true; value: unknown } | ({ ok: false } & JsonShapeProblem) {
  const raw = typeof body === 'string' ? body : '';
  const shape = raw.trim() === '' ? { field: '(body)', detail: 'a JSON body is required' } : checkJsonShape(raw);
  if (shape !== null) return { ok: false, ...shape };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false, field: '(body)', detail: 'is not valid JSON' };
  }
}

/** null when the text nests within the limit and repeats no key in any object. */
export function checkJsonShape(text: string, maxDepth = MAX_JSON_DEPTH): JsonShapeProblem | null {
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let j = i + 1;
      let escaped = false;
      while (j < text.length) {
        const d = text.charCodeAt(j);
        if (d === BACKSLASH) {
          escaped = true;
          j += 2;
          continue;
        }
        if (d === QUOTE) break;
        j++;
      }
      if (j >= text.length) return null;
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        let key = text.slice(i + 1, j);
        if (escaped) {
          try {
            key = JSON.parse(text.slice(i, j + 1)) as string;
          } catch {
            return null;
          }
        }
        if (keys.has(key)) return { field: key.slice(0, 64), detail: 'appears twice in one object; send each field once' };
        keys.add(key);
        expectKey = false;
      }
      i = j;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (open.length >= maxDepth) return { field: '(body)', detail: `nests deeper than ${maxDepth} levels; refused before parsing` };
      open.push(c === OPEN_BRACE ? new Set() : null);
      expectKey = c === OPEN_BRACE;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      open.pop();
      expectKey = false;
    } else if (c === COMMA) {
      expectKey = open[open.length - 1] != null;
    }
  }
  return null;
}
