// Draws one side of the book ladder on a canvas: per row a cumulative depth bar, the
// price (with a dot where the user has orders), the size and the running total.
// Geometry matches the DOM it replaced: three equal columns, price left-aligned, size and
// total right-aligned; bids grow downward from the spread, asks upward.

import type { PaintContext } from '@web/lib/charts/paint-context';

/** What one row shows, already formatted. */
export interface PaintedRow {
  price: string;
  size: string;
  total: string;
  /** The depth bar's width as a share of the side, 0..1. */
  share: number;
  /** The user's open orders in this bucket. */
  own: number;
}

export interface LadderPalette {
  buy: string;
  sell: string;
  fg: string;
  muted: string;
  warn: string;
}

export interface LadderGeometry {
  side: 'bid' | 'ask';
  /** The canvas box in CSS pixels. */
  width: number;
  height: number;
  rowPx: number;
  font: string;
}

const PAD = 4;
const MARKER = '●';
const BAR_ALPHA = 0.15;

/** Top of row `i` (0 = best): bids from the top down, asks from the bottom up. */
export function rowTop(g: Pick<LadderGeometry, 'side' | 'height' | 'rowPx'>, i: number): number {
  return g.side === 'bid' ? i * g.rowPx : g.height - (i + 1) * g.rowPx;
}

/** Clears the side and draws `rows` (best first; null = an empty slot, left blank). */
export function paintLadderSide(ctx: PaintContext, rows: readonly (PaintedRow | null)[], g: LadderGeometry, colors: LadderPalette): void {
  const { width, height, rowPx } = g;
  ctx.clearRect(0, 0, width, height);
  const sideColor = g.side === 'bid' ? colors.buy : colors.sell;
  const col = width / 3;
  // Bars first, in one colour and alpha, then the text over them.
  ctx.globalAlpha = BAR_ALPHA;
  ctx.fillStyle = sideColor;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!r || r.share <= 0) continue;
    const w = Math.min(1, r.share) * width;
    ctx.fillRect(width - w, rowTop(g, i), w, rowPx);
  }
  ctx.globalAlpha = 1;
  ctx.font = g.font;
  ctx.textBaseline = 'middle';
  const markerWidth = ctx.measureText(MARKER).width + 2;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!r) continue;
    const mid = rowTop(g, i) + rowPx / 2;
    ctx.textAlign = 'left';
    let x = PAD;
    if (r.own > 0) {
      ctx.fillStyle = colors.warn;
      ctx.fillText(MARKER, x, mid);
      x += markerWidth;
    }
    ctx.fillStyle = sideColor;
    ctx.fillText(r.price, x, mid);
    ctx.textAlign = 'right';
    ctx.fillStyle = colors.fg;
    ctx.fillText(r.size, 2 * col, mid);
    ctx.fillStyle = colors.muted;
    ctx.fillText(r.total, width - PAD, mid);
  }
}
