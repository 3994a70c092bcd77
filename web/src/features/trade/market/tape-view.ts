// The trades tape's rows, driven straight from the trade cache's writes (up to 60 a
// second), not through React; the same split as the book ladder (ladder-side-view.ts).
// What is seen is painted on a canvas (tape-painter.ts). Rows in the DOM cost a style,
// layout and paint pass over the whole trade screen in every frame new trades came in:
// a bench/ui trace had 11 ms of main thread a frame with them and 4 ms without, and the
// book's p95 was 30.8-37.4 ms with them against 24.0-28.0 ms on a canvas (runs taking turns).
// What is read is DOM: a list with one item per row in view and as many below, each
// labelled "Buy 0.0100 BTC at 64000.00 USDT" (", yours" for the user's own trade) and
// carrying the trade's id, side and ownership. A write changes only their attributes,
// which needs no layout or paint. An empty slot is hidden from assistive technology.
import type { PublicFillRow } from '@contract/schemas/market';
import { canvasSurface, type CanvasSurface } from '@web/lib/charts/canvas-surface';
import { deskColorVars } from '@web/lib/charts/desk-colors';
import { formatDecimal } from '@web/lib/format/format-decimal';
import { formatClock } from '@web/lib/format/format-time';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { paintTape, type PaintedTrade, type TapePalette } from './tape-painter';

type TapeMeta = Pick<InstrumentMeta, 'priceScale' | 'sizeScale' | 'baseCoin' | 'quoteCoin'>;

const palette = deskColorVars('buy', 'sell', 'fg', 'muted', 'accent');

/** What a screen reader hears for a row. */
export function tapeLabel(t: PublicFillRow, mine: boolean, meta: TapeMeta): string {
  const size = formatDecimal(t.size, { scale: meta.sizeScale, group: false });
  const price = formatDecimal(t.price, { scale: meta.priceScale, group: false });
  return `${t.side === 'buy' ? 'Buy' : 'Sell'} ${size} ${meta.baseCoin} at ${price} ${meta.quoteCoin}${mine ? ', yours' : ''}`;
}

/** Whether a public trade is one of the user's: its link id (or its id) is among theirs. */
export const isOwnTrade = (t: PublicFillRow, own: ReadonlySet<string>): boolean => own.has(t.execLinkId) || own.has(t.execId);

/**
 * The rows a scroll position shows: the first row's index, how far it sits above the top
 * edge, and how many rows (whole or cut) fill `height`.
 */
export function tapeWindow(scrollTop: number, height: number, rowPx: number): { first: number; offset: number; count: number } {
  const top = Math.max(0, scrollTop);
  const first = Math.floor(top / rowPx);
  const offset = top - first * rowPx;
  return { first, offset, count: Math.ceil((height + offset) / rowPx) };
}

interface Slot {
  el: HTMLElement;
  /** What the slot's attributes say now ('' = empty), to redo only what changed. */
  said: string;
}

export class TapeView {
  private readonly slots: Slot[] = [];
  private readonly surface: CanvasSurface<keyof TapePalette> | null;
  /** Each trade's formatted row, kept while the trade is listed (rows are kept across writes). */
  private readonly formatted = new WeakMap<PublicFillRow, Omit<PaintedTrade, 'mine'>>();
  private readonly painted: PaintedTrade[] = [];
  private rows: readonly PublicFillRow[] = [];
  private own: ReadonlySet<string> = new Set();
  private scrollTop = 0;

  constructor(
    list: HTMLElement,
    canvas: HTMLCanvasElement,
    /** The scroll box's content, as tall as every row together. */
    private readonly track: HTMLElement,
    slots: number,
    private readonly rowPx: number,
    private readonly meta: TapeMeta,
  ) {
    const doc = list.ownerDocument;
    for (let i = 0; i < slots; i++) {
      const el = doc.createElement('div');
      el.setAttribute('role', 'listitem');
      el.className = 'absolute left-0 w-full';
      el.style.top = `${i * rowPx}px`;
      el.style.height = `${rowPx}px`;
      el.setAttribute('aria-hidden', 'true');
      this.slots.push({ el, said: '' });
      list.append(el);
    }
    this.surface = canvasSurface(canvas, palette, () => this.paint());
  }

  /** The trades to show, newest first. */
  show(rows: readonly PublicFillRow[]): void {
    if (rows.length !== this.rows.length) this.track.style.height = `${rows.length * this.rowPx}px`;
    this.rows = rows;
    this.render();
  }

  setOwn(own: ReadonlySet<string>): void {
    this.own = own;
    this.render();
  }

  scrollTo(scrollTop: number): void {
    this.scrollTop = scrollTop;
    this.render();
  }

  dispose(): void {
    this.surface?.dispose();
    for (const slot of this.slots) slot.el.remove();
    this.slots.length = 0;
  }

  private render(): void {
    const { first } = tapeWindow(this.scrollTop, 0, this.rowPx);
    for (let i = 0; i < this.slots.length; i++) this.label(this.slots[i]!, this.rows[first + i]);
    this.paint();
  }

  private label(slot: Slot, t: PublicFillRow | undefined): void {
    const mine = t !== undefined && isOwnTrade(t, this.own);
    const said = t === undefined ? '' : `${t.execId} ${mine}`;
    if (said === slot.said) return;
    slot.said = said;
    const el = slot.el;
    if (t === undefined) {
      el.setAttribute('aria-hidden', 'true');
      for (const name of ['aria-label', 'data-trade-id', 'data-side', 'data-own']) el.removeAttribute(name);
      return;
    }
    el.removeAttribute('aria-hidden');
    el.setAttribute('aria-label', tapeLabel(t, mine, this.meta));
    el.setAttribute('data-trade-id', t.execId);
    el.setAttribute('data-side', t.side);
    if (mine) el.setAttribute('data-own', 'true');
    else el.removeAttribute('data-own');
  }

  private paint(): void {
    const s = this.surface;
    if (!s || s.width === 0) return;
    const { first, offset, count } = tapeWindow(this.scrollTop, s.height, this.rowPx);
    const painted = this.painted;
    painted.length = 0;
    for (let i = first; i < Math.min(this.rows.length, first + count); i++) {
      const t = this.rows[i]!;
      painted.push({ ...this.format(t), mine: isOwnTrade(t, this.own) });
    }
    paintTape(s.ctx, painted, { width: s.width, height: s.height, rowPx: this.rowPx, offset, font: s.font }, s.colors);
  }

  private format(t: PublicFillRow): Omit<PaintedTrade, 'mine'> {
    let f = this.formatted.get(t);
    if (!f) {
      f = { price: formatDecimal(t.price, { scale: this.meta.priceScale }), size: formatDecimal(t.size, { scale: this.meta.sizeScale }), time: formatClock(t.ts), side: t.side };
      this.formatted.set(t, f);
    }
    return f;
  }
}
