import { describe, expect, it } from 'vitest';
import { paintRecorder } from '@web/lib/charts/paint-recorder.test-support';
import { paintTape, tapeColumns, type PaintedTrade, type TapeGeometry } from './tape-painter';

const colors = { buy: 'B', sell: 'S', fg: 'F', muted: 'M', accent: 'A' };
const trade = (price: string, over: Partial<PaintedTrade> = {}): PaintedTrade => ({ price, size: '0.0100', time: '12:00:01', side: 'buy', mine: false, ...over });
const geometry = (over: Partial<TapeGeometry> = {}): TapeGeometry => ({ width: 264, height: 60, rowPx: 20, offset: 0, font: '12px sans-serif', ...over });

describe('paintTape', () => {
  it('splits the width as the header does: two equal columns, then 64 px of time, 8 px apart, 4 px in', () => {
    // (264 - 8 - 64 - 16) / 2 = 88 a column: size ends at 4 + 88 + 8 + 88.
    expect(tapeColumns(264)).toEqual({ price: 4, sizeEnd: 188, timeEnd: 260 });
    // Too narrow for the columns: they shrink to nothing rather than overlap backwards.
    expect(tapeColumns(50).sizeEnd).toBe(12);
  });

  it('clears the box and draws each row from the top, price in the side colour, size and time right-aligned', () => {
    const r = paintRecorder();
    paintTape(r.ctx, [trade('64000.00'), trade('63999.50', { side: 'sell', size: '1.2000', time: '12:00:00' })], geometry(), colors);
    expect(r.clears).toEqual([[0, 0, 264, 60]]);
    expect(r.rects).toEqual([]);
    expect(r.texts.map(({ text, x, y, color, align }) => ({ text, x, y, color, align }))).toEqual([
      { text: '64000.00', x: 4, y: 10, color: 'B', align: 'left' },
      { text: '0.0100', x: 188, y: 10, color: 'F', align: 'right' },
      { text: '12:00:01', x: 260, y: 10, color: 'M', align: 'right' },
      { text: '63999.50', x: 4, y: 30, color: 'S', align: 'left' },
      { text: '1.2000', x: 188, y: 30, color: 'F', align: 'right' },
      { text: '12:00:00', x: 260, y: 30, color: 'M', align: 'right' },
    ]);
  });

  it("tints the user's own trade under its text, sets it bolder and says (you) after the price", () => {
    const r = paintRecorder();
    paintTape(r.ctx, [trade('1.00'), trade('2.00', { mine: true })], geometry(), colors);
    expect(r.rects).toEqual([{ x: 0, y: 20, w: 264, h: 20, color: 'A', alpha: 0.15 }]);
    const own = r.texts.filter((t) => t.y === 30);
    expect(own.map((t) => t.text)).toEqual(['2.00', ' (you)', '0.0100', '12:00:01']);
    // " (you)" follows the price's measured width (4 characters at 6 px).
    expect(own[1]).toMatchObject({ x: 28, color: 'F' });
    expect(own.every((t) => t.font === '600 12px sans-serif')).toBe(true);
    expect(r.texts.filter((t) => t.y === 10).every((t) => t.font === '12px sans-serif')).toBe(true);
  });

  it('moves every row up by the scrolled part of the first', () => {
    const r = paintRecorder();
    paintTape(r.ctx, [trade('1.00', { mine: true }), trade('2.00')], geometry({ offset: 7 }), colors);
    expect(r.rects[0]).toMatchObject({ y: -7 });
    expect(r.texts.filter((t) => t.color === 'B').map((t) => t.y)).toEqual([3, 23]);
  });
});
