import type { PaintContext } from './paint-context';

/** A context that records what was drawn, with the style in force at each call; text is 6 px a character. */
export function paintRecorder() {
  const texts: { text: string; x: number; y: number; color: string; align: string; font: string }[] = [];
  const rects: { x: number; y: number; w: number; h: number; color: string; alpha: number }[] = [];
  const clears: number[][] = [];
  const ctx: PaintContext = {
    fillStyle: '',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    clearRect: (x, y, w, h) => clears.push([x, y, w, h]),
    fillRect(x, y, w, h) {
      rects.push({ x, y, w, h, color: String(this.fillStyle), alpha: this.globalAlpha });
    },
    fillText(text, x, y) {
      texts.push({ text, x, y, color: String(this.fillStyle), align: this.textAlign, font: this.font });
    },
    measureText: (text) => ({ width: text.length * 6 }),
  };
  return { ctx, texts, rects, clears };
}
