// A canvas sized to its box at the device's pixel ratio, with the theme's colours and the
// page's font read for it. Everything read here (box size, computed style) is read when it
// can change, on a resize or a theme switch, never per draw: reading layout or computed
// style after a frame's DOM changes would force a synchronous style and layout pass in
// every frame. Shared by the widgets that redraw a canvas from the book stream (the depth
// chart, the book ladder).
import { watchTheme } from './theme-watch';

/** CSS custom properties to read, by the name the widget uses, with a fallback each. */
export type ColorVars<K extends string> = Record<K, readonly [cssVar: string, fallback: string]>;

export interface CanvasSurface<K extends string> {
  readonly ctx: CanvasRenderingContext2D;
  /** The box in CSS pixels; the context is scaled so drawing uses these units. */
  readonly width: number;
  readonly height: number;
  readonly colors: Readonly<Record<K, string>>;
  /** The element's computed font size and family ("12px sans-serif"), for text that should match the page. */
  readonly font: string;
  dispose(): void;
}

/**
 * Measures `el` now and again whenever it resizes or the theme on <html> changes, and
 * calls `onChange` after each of those measures (not after the first: the caller draws
 * once itself). Null where the canvas has no 2D context.
 */
export function canvasSurface<K extends string>(el: HTMLCanvasElement, vars: ColorVars<K>, onChange: () => void): CanvasSurface<K> | null {
  const ctx = el.getContext('2d');
  if (!ctx) return null;
  const names = Object.keys(vars) as K[];
  const surface = {
    ctx,
    width: 0,
    height: 0,
    colors: {} as Record<K, string>,
    font: '',
    dispose: () => {
      ro?.disconnect();
      stopTheme();
    },
  };
  const measure = () => {
    const dpr = window.devicePixelRatio || 1;
    surface.width = el.clientWidth;
    surface.height = el.clientHeight;
    const w = Math.round(surface.width * dpr);
    const h = Math.round(surface.height * dpr);
    if (el.width !== w || el.height !== h) {
      el.width = w;
      el.height = h;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const css = getComputedStyle(el);
    for (const name of names) {
      const [cssVar, fallback] = vars[name];
      surface.colors[name] = css.getPropertyValue(cssVar).trim() || fallback;
    }
    surface.font = `${css.fontSize || '12px'} ${css.fontFamily || 'sans-serif'}`;
  };
  measure();
  const remeasure = () => {
    measure();
    onChange();
  };
  const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(remeasure);
  ro?.observe(el);
  // A theme switch changes the colours.
  const stopTheme = watchTheme(remeasure);
  return surface;
}
