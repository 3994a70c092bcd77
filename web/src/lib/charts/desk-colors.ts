// The theme's colours a canvas reads (canvas-surface.ts): each CSS custom property with the
// dark theme's value as its fallback, for a page whose stylesheet has not loaded.
import type { ColorVars } from './canvas-surface';

const deskColors = {
  buy: ['--desk-buy', '#2ebd85'],
  sell: ['--desk-sell', '#f6465d'],
  fg: ['--desk-fg', '#e6e8eb'],
  muted: ['--desk-muted', '#9aa4b2'],
  warn: ['--desk-warn', '#f0b90b'],
  accent: ['--desk-accent', '#4c9fff'],
} as const;

export type DeskColor = keyof typeof deskColors;

/** The named colours, to pass to canvasSurface. */
export function deskColorVars<K extends DeskColor>(...names: K[]): ColorVars<K> {
  const vars = {} as Record<K, readonly [string, string]>;
  for (const n of names) vars[n] = deskColors[n];
  return vars;
}
