// Draws the trades tape's visible rows on a canvas: per row the price in the aggressor's
// colour, the size and the time; the user's own trades get a tint, a bolder face and
// "(you)". The columns match the tape's header: two equal columns, then a 64 px time
// column, 8 px apart, 4 px in from each edge; price left-aligned, size and time right.
import type { PaintContext } from '@web/lib/charts/paint-context';

/** What one row shows, already formatted. */
export interface PaintedTrade {
  price: string;
  size: string;
  time: string;
  side: 'buy' | 'sell';
  mine: boolean;
}

export interface TapePalette {
  buy: string;
  sell: string;
  fg: string;
  muted: string;
  accent: string;
}

export interface TapeGeometry {
  /** The canvas box in CSS pixels. */
  width: number;
  height: number;
  rowPx: number;
  /** How far the first row sits above the top edge (scrolled part of a row), in px. */
  offset: number;
  font: string;
}

const PAD = 4;
const GAP = 8;
const TIME_PX = 64;
const OWN_ALPHA = 0.15;
const YOU = ' (you)';

/** The right edges of the size and time columns, and where the price starts. */
export function tapeColumns(width: number): { price: number; sizeEnd: number; timeEnd: number } {
  const col = Math.max(0, (width - 2 * PAD - TIME_PX - 2 * GAP) / 2);
  return { price: PAD, sizeEnd: PAD + 2 * col + GAP, timeEnd: width - PAD };
}

/** Clears the box and draws `rows` from the top, the first `offset` px above the edge. */
export function paintTape(ctx: PaintContext, rows: readonly PaintedTrade[], g: TapeGeometry, colors: TapePalette): void {
  const { width, height, rowPx, offset } = g;
  ctx.clearRect(0, 0, width, height);
  const cols = tapeColumns(width);
  const top = (i: number) => i * rowPx - offset;
  // Tints first, then the text over them.
  ctx.globalAlpha = OWN_ALPHA;
  ctx.fillStyle = colors.accent;
  for (let i = 0; i < rows.length; i++) if (rows[i]!.mine) ctx.fillRect(0, top(i), width, rowPx);
  ctx.globalAlpha = 1;
  ctx.textBaseline = 'middle';
  const bold = `600 ${g.font}`;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const mid = top(i) + rowPx / 2;
    ctx.font = r.mine ? bold : g.font;
    ctx.textAlign = 'left';
    ctx.fillStyle = r.side === 'buy' ? colors.buy : colors.sell;
    ctx.fillText(r.price, cols.price, mid);
    if (r.mine) {
      ctx.fillStyle = colors.fg;
      ctx.fillText(YOU, cols.price + ctx.measureText(r.price).width, mid);
    }
    ctx.textAlign = 'right';
    ctx.fillStyle = colors.fg;
    ctx.fillText(r.size, cols.sizeEnd, mid);
    ctx.fillStyle = colors.muted;
    ctx.fillText(r.time, cols.timeEnd, mid);
  }
}
