// One side of the book ladder, drawn straight into the DOM from the book store's
// publishes (up to 60 a second), not through React. Under a firehose React re-rendered
// every row, and each row's grid re-laid out, ~220 layout objects a frame (bench/ui
// trace). Here:
// - the rows are built once; a publish writes only the text and attributes that changed;
// - each cell is absolutely placed with a fixed size and `contain: strict`, so a change of
//   its text is laid out inside the cell and nothing around it moves;
// - the depth bar is a transform (scaleX), which needs no layout at all.
// The DOM keeps the accessible shape the tests and screen readers use: a list per side,
// one button per level labelled "Bid 64,000.00" / "Ask …" (", N of your orders" when the
// user has orders there), whose direct child spans are price, size and total. An empty
// slot has no button.
import type { LadderRow } from '@web/lib/book/book-ladder';
import { formatDecimal } from '@web/lib/format/format-decimal';

const CELL = 'absolute inset-y-0 overflow-hidden whitespace-nowrap leading-5';

interface Slot {
  li: HTMLLIElement;
  bar: HTMLSpanElement;
  button: HTMLButtonElement;
  marker: HTMLSpanElement;
  priceText: Text;
  size: HTMLSpanElement;
  total: HTMLSpanElement;
  /** What the slot shows now, to write only what changed. */
  shown: { price: string; size: string; total: string; share: number; own: number } | null;
}

export class LadderSideView {
  private readonly slots: Slot[] = [];

  constructor(
    private readonly list: HTMLElement,
    private readonly side: 'bid' | 'ask',
    rows: number,
    onPickPrice: (price: string) => void,
  ) {
    const doc = list.ownerDocument;
    for (let i = 0; i < rows; i++) {
      const li = doc.createElement('li');
      li.className = 'relative h-5 shrink-0';
      li.style.contain = 'strict';
      li.setAttribute('aria-hidden', 'true'); // empty until a level fills it
      const bar = doc.createElement('span');
      bar.setAttribute('aria-hidden', 'true');
      bar.className = `absolute inset-0 origin-right ${side === 'bid' ? 'bg-buy/15' : 'bg-sell/15'}`;
      bar.style.transform = 'scaleX(0)';
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'relative block h-5 w-full px-1 text-left text-xs tabular hover:bg-raised';
      const price = cell(doc, `${CELL} left-1 w-[calc(33.3%-0.25rem)] ${side === 'bid' ? 'text-buy' : 'text-sell'}`);
      const marker = doc.createElement('span');
      marker.setAttribute('aria-hidden', 'true');
      marker.title = 'Your order';
      marker.className = 'mr-0.5 text-warn';
      marker.textContent = '●';
      const priceText = doc.createTextNode('');
      price.append(priceText);
      const size = cell(doc, `${CELL} left-[33.3%] w-[33.3%] text-right`);
      const total = cell(doc, `${CELL} right-1 w-[calc(33.3%-0.25rem)] text-right text-muted`);
      button.append(price, size, total);
      const slot: Slot = { li, bar, button, marker, priceText, size, total, shown: null };
      // The price is read when clicked: the slot's level changes many times a second.
      button.addEventListener('click', () => {
        if (slot.shown) onPickPrice(slot.shown.price);
      });
      li.append(bar);
      this.slots.push(slot);
      list.append(li);
    }
  }

  /** Shows `rows` (best first); slots past them are emptied. */
  update(rows: readonly LadderRow[]): void {
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i]!;
      const row = rows[i];
      if (!row) {
        if (slot.shown) this.clear(slot);
        continue;
      }
      const share = Math.round(row.depthShare * 1000);
      const prev = slot.shown;
      if (!prev) {
        slot.li.append(slot.button);
        slot.li.removeAttribute('aria-hidden');
      }
      if (prev?.price !== row.price || prev.own !== row.ownOrders) {
        slot.priceText.data = formatDecimal(row.price);
        slot.button.setAttribute('aria-label', `${this.side === 'bid' ? 'Bid' : 'Ask'} ${row.price}${row.ownOrders > 0 ? `, ${row.ownOrders} of your orders` : ''}`);
        if (row.ownOrders > 0 && !slot.marker.isConnected) slot.priceText.before(slot.marker);
        if (row.ownOrders === 0 && slot.marker.isConnected) slot.marker.remove();
      }
      if (prev?.size !== row.size) slot.size.textContent = formatDecimal(row.size);
      if (prev?.total !== row.cumSize) slot.total.textContent = formatDecimal(row.cumSize);
      if (prev?.share !== share) slot.bar.style.transform = `scaleX(${share / 1000})`;
      if (prev) {
        // Updated in place: this runs for every row in every frame.
        prev.price = row.price;
        prev.size = row.size;
        prev.total = row.cumSize;
        prev.share = share;
        prev.own = row.ownOrders;
      } else {
        slot.shown = { price: row.price, size: row.size, total: row.cumSize, share, own: row.ownOrders };
      }
    }
  }

  dispose(): void {
    for (const slot of this.slots) slot.li.remove();
    this.slots.length = 0;
  }

  private clear(slot: Slot): void {
    slot.button.remove();
    slot.li.setAttribute('aria-hidden', 'true');
    slot.bar.style.transform = 'scaleX(0)';
    slot.shown = null;
  }
}

function cell(doc: Document, className: string): HTMLSpanElement {
  const span = doc.createElement('span');
  span.className = className;
  span.style.contain = 'strict';
  return span;
}
