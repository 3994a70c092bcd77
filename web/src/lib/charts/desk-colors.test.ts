import { describe, expect, it } from 'vitest';
import { deskColorVars } from './desk-colors';

describe('deskColorVars', () => {
  it('gives each named colour its CSS property and the dark theme’s value, and nothing else', () => {
    expect(deskColorVars('buy', 'accent')).toEqual({ buy: ['--desk-buy', '#2ebd85'], accent: ['--desk-accent', '#4c9fff'] });
  });

  it('falls back to the stylesheet’s own dark values', async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(new URL('../../styles.css', import.meta.url), 'utf8');
    for (const [cssVar, fallback] of Object.values(deskColorVars('buy', 'sell', 'fg', 'muted', 'warn', 'accent'))) {
      expect(css).toContain(`${cssVar}: ${fallback};`);
    }
  });
});
