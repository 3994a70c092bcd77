// The part of CanvasRenderingContext2D the text painters use (the book ladder, the trades
// tape), so their tests can pass a recorder (paint-recorder.test-support.ts) for a canvas.
export interface PaintContext {
  fillStyle: string | CanvasGradient | CanvasPattern;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  globalAlpha: number;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  measureText(text: string): { width: number };
}
