// One side of the book ladder, driven straight from the book store's publishes (up to 60
// a second), not through React.
// What is seen is painted on a canvas (ladder-painter.ts). Text in the DOM cost every
// frame a style, layout and paint pass over the changed cells: ~9 ms of a 16.7 ms frame
// on a 2-core machine at 5,000 updates a second (bench/ui trace), which delayed every
// update's paint by most of a frame. A canvas redraw of 12 rows costs a fraction of that.
// What is used is DOM: a list per side with one transparent button per level, over the
// canvas row it stands for, labelled "Bid 64000.00, size 0.5" / "Ask …" (", N of your
// orders" when the user has orders there). Screen readers, the keyboard, the mouse and the tests use
// these; a publish changes only their labels, which needs no layout or paint. An empty
// slot has no button.
import type { LadderRow } from '@web/lib/book/book-ladder';
import { canvasSurface, type CanvasSurface } from '@web/lib/charts/canvas-surface';
import { deskColorVars } from '@web/lib/charts/desk-colors';
import { formatDecimal } from '@web/lib/format/format-decimal';
import { paintLadderSide, type LadderPalette, type PaintedRow } from './ladder-painter';

interface Slot {
  li: HTMLLIElement;
  button: HTMLButtonElement;
  /** The level the slot shows now (raw decimals), to redo only what changed; its formatted twin is painted[i]. */
  level: { price: string; size: string; total: string } | null;
}

const palette = deskColorVars('buy', 'sell', 'fg', 'muted', 'warn');

export class LadderSideView {
  private readonly slots: Slot[] = [];
  /** What each slot's canvas row shows (null: empty), reused so a paint allocates nothing. */
  private readonly painted: (PaintedRow | null)[] = [];
  private readonly surface: CanvasSurface<keyof LadderPalette> | null;

  constructor(
    list: HTMLElement,
    canvas: HTMLCanvasElement,
    private readonly side: 'bid' | 'ask',
    rows: number,
    private readonly rowPx: number,
    onPickPrice: (price: string) => void,
  ) {
    const doc = list.ownerDocument;
    for (let i = 0; i < rows; i++) {
      const li = doc.createElement('li');
      li.className = 'relative shrink-0';
      li.style.height = `${rowPx}px`;
      li.setAttribute('aria-hidden', 'true'); // empty until a level fills it
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'block h-full w-full hover:bg-fg/10';
      // The book is one tab stop; the arrow keys move between levels (ladder-keys.ts).
      button.tabIndex = -1;
      const slot: Slot = { li, button, level: null };
      // The price is read when clicked: the slot's level changes many times a second, and
      // the canvas row under the pointer shows the same level.
      button.addEventListener('click', () => {
        if (slot.level) onPickPrice(slot.level.price);
      });
      this.slots.push(slot);
      this.painted.push(null);
      list.append(li);
    }
    this.surface = canvasSurface(canvas, palette, () => this.paint());
  }

  /** Shows `rows` (best first); slots past them are emptied. */
  update(rows: readonly LadderRow[]): void {
    let changed = false;
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i]!;
      const row = rows[i];
      if (!row) {
        if (slot.level) {
          this.clear(slot, i);
          changed = true;
        }
        continue;
      }
      const share = Math.round(row.depthShare * 1000) / 1000;
      let level = slot.level;
      let painted = this.painted[i];
      if (!level || !painted) {
        slot.li.append(slot.button);
        slot.li.removeAttribute('aria-hidden');
        level = slot.level = { price: '', size: '', total: '' };
        painted = this.painted[i] = { price: '', size: '', total: '', share: -1, own: -1 };
      }
      const labelChanged = level.price !== row.price || level.size !== row.size || painted.own !== row.ownOrders;
      if (level.price !== row.price) {
        level.price = row.price;
        painted.price = formatDecimal(row.price);
      }
      painted.own = row.ownOrders;
      if (level.size !== row.size) {
        level.size = row.size;
        painted.size = formatDecimal(row.size);
      }
      if (labelChanged) {
        slot.button.setAttribute('aria-label', `${this.side === 'bid' ? 'Bid' : 'Ask'} ${row.price}, size ${row.size}${row.ownOrders > 0 ? `, ${row.ownOrders} of your orders` : ''}`);
        changed = true;
      }
      if (level.total !== row.cumSize) {
        level.total = row.cumSize;
        painted.total = formatDecimal(row.cumSize);
        changed = true;
      }
      if (painted.share !== share) {
        painted.share = share;
        changed = true;
      }
    }
    if (changed) this.paint();
  }

  dispose(): void {
    this.surface?.dispose();
    for (const slot of this.slots) slot.li.remove();
    this.slots.length = 0;
    this.painted.length = 0;
  }

  private paint(): void {
    const s = this.surface;
    if (!s || s.width === 0) return;
    paintLadderSide(
      s.ctx,
      this.painted,
      { side: this.side, width: s.width, height: s.height, rowPx: this.rowPx, font: s.font },
      s.colors,
    );
  }

  private clear(slot: Slot, i: number): void {
    slot.button.remove();
    slot.li.setAttribute('aria-hidden', 'true');
    slot.level = null;
    this.painted[i] = null;
  }
}
