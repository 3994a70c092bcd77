import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJsonShape, MAX_JSON_DEPTH } from './json-shape';

describe('checkJsonShape', () => {
  it('finds a repeated key, spelt plainly or with escapes, at any level', () => {
    expect(checkJsonShape('{"price":"-1","price":"1"}')).toMatchObject({ field: 'price' });
    expect(checkJsonShape('{"price":"-1","pr\\u0069ce":"1"}')).toMatchObject({ field: 'price' });
    expect(checkJsonShape('[{"a":1},{"b":{"c":1,"c":2}}]')).toMatchObject({ field: 'c' });
  });

  it('lets the same key stand in sibling objects, and ignores braces and quotes inside strings', () => {
    expect(checkJsonShape('[{"a":1},{"a":2}]')).toBeNull();
    expect(checkJsonShape('{"a":"{\\"a\\":[[[","b":"a"}')).toBeNull();
  });

  it('refuses nesting past the limit and allows it up to the limit', () => {
    const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(checkJsonShape(nest(MAX_JSON_DEPTH))).toBeNull();
    expect(checkJsonShape(nest(MAX_JSON_DEPTH + 1))?.detail).toContain(`nests deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('passes any random JSON within the depth limit (property)', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), (text) => {
        // fc.json builds its text with JSON.stringify: no repeated keys, at most 7 levels.
        expect(checkJsonShape(text)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
