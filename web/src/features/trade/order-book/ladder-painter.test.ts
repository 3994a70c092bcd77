import { describe, expect, it } from 'vitest';
import { paintRecorder as recorder } from '@web/lib/charts/paint-recorder.test-support';
import { paintLadderSide, rowTop, type LadderGeometry, type PaintedRow } from './ladder-painter';

const colors = { buy: 'B', sell: 'S', fg: 'F', muted: 'M', warn: 'W' };

const row = (price: string, over: Partial<PaintedRow> = {}): PaintedRow => ({ price, size: '1.5', total: '3.0', share: 0.5, own: 0, ...over });
const geometry = (side: 'bid' | 'ask'): LadderGeometry => ({ side, width: 300, height: 60, rowPx: 20, font: '12px sans-serif' });

describe('paintLadderSide', () => {
  it('puts the best bid at the top and the best ask at the bottom, next to the spread', () => {
    expect(rowTop(geometry('bid'), 0)).toBe(0);
    expect(rowTop(geometry('bid'), 2)).toBe(40);
    expect(rowTop(geometry('ask'), 0)).toBe(40);
    expect(rowTop(geometry('ask'), 2)).toBe(0);
    const bid = recorder();
    paintLadderSide(bid.ctx, [row('100.00'), row('99.00')], geometry('bid'), colors);
    expect(bid.texts.filter((t) => t.color === 'B').map((t) => [t.text, t.y])).toEqual([
      ['100.00', 10],
      ['99.00', 30],
    ]);
    const ask = recorder();
    paintLadderSide(ask.ctx, [row('101.00'), row('102.00')], geometry('ask'), colors);
    expect(ask.texts.filter((t) => t.color === 'S').map((t) => [t.text, t.y])).toEqual([
      ['101.00', 50],
      ['102.00', 30],
    ]);
  });

  it('clears the side, then draws each depth bar from the right edge at its share, under the text', () => {
    const r = recorder();
    paintLadderSide(r.ctx, [row('100', { share: 0.25 }), row('99', { share: 1 }), row('98', { share: 0 })], geometry('bid'), colors);
    expect(r.clears).toEqual([[0, 0, 300, 60]]);
    expect(r.rects).toEqual([
      { x: 225, y: 0, w: 75, h: 20, color: 'B', alpha: 0.15 },
      { x: 0, y: 20, w: 300, h: 20, color: 'B', alpha: 0.15 },
    ]);
    // Text is opaque.
    expect(r.texts.length).toBe(9);
  });

  it('draws price left, size right-aligned at two thirds, total right-aligned at the edge, each in its colour', () => {
    const r = recorder();
    paintLadderSide(r.ctx, [row('100.00', { size: '2', total: '7' })], geometry('bid'), colors);
    expect(r.texts).toMatchObject([
      { text: '100.00', x: 4, y: 10, color: 'B', align: 'left' },
      { text: '2', x: 200, y: 10, color: 'F', align: 'right' },
      { text: '7', x: 296, y: 10, color: 'M', align: 'right' },
    ]);
  });

  it("marks a level holding the user's orders with a dot before the price, and leaves empty slots blank", () => {
    const r = recorder();
    paintLadderSide(r.ctx, [null, row('99.00', { own: 2 }), null], geometry('bid'), colors);
    const [marker, price] = r.texts;
    expect(marker).toMatchObject({ text: '●', x: 4, y: 30, color: 'W' });
    // After the dot: its measured width (6) plus a 2 px gap.
    expect(price).toMatchObject({ text: '99.00', x: 12, y: 30, color: 'B' });
    expect(r.texts.length).toBe(4);
    expect(r.rects.length).toBe(1);
  });
});
