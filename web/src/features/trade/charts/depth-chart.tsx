// Depth chart on a canvas, redrawn from the book store's publishes outside React's
// render: the component renders once and never re-renders for market data. The book
// publishes up to 60 times a second; the chart redraws at most DRAW_MS apart (the ladder
// beside it shows every frame; the curve's shape at 15 Hz reads the same to the eye and
// costs a quarter of the canvas work and raster).
//
// Axes: prices along the bottom (both ends and the mid), cumulative size up the left
// (half and full). Hovering reads the book under the pointer: the price, the size
// resting from the touch to it, and its value in the quote coin.
import { useEffect, useRef, useState } from 'react';
import type { BookSource } from '@web/lib/book/book-store';
import { depthCurves, depthReadout, type DepthCurves, type DepthPoint, type DepthReadout } from '@web/lib/book/depth-curve';
import { fromScaled } from '@contract/core/decimal';
import { formatDecimal } from '@web/lib/format/format-decimal';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { canvasSurface } from '@web/lib/charts/canvas-surface';
import { deskColorVars } from '@web/lib/charts/desk-colors';
import { trailingThrottle } from '@web/lib/charts/trailing-throttle';

const DRAW_MS = 66;
/** Room at the bottom for the price axis. */
const AXIS_PX = 14;

export function DepthChart({ pipeline, meta }: { pipeline: BookSource | null; meta: InstrumentMeta }) {
  const { priceScale, sizeScale } = meta;
  const canvas = useRef<HTMLCanvasElement>(null);
  // The window drawn last, so a hover reads the same prices the user sees.
  const shown = useRef<{ curves: DepthCurves; width: number } | null>(null);
  const [readout, setReadout] = useState<DepthReadout | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el || !pipeline) return;
    let lastVersion = -1;
    // Called after a resize or theme switch (draw is defined below, before either can happen).
    const redraw = () => {
      lastVersion = -1;
      draw();
    };
    const surface = canvasSurface(el, deskColorVars('buy', 'sell', 'muted'), redraw);
    if (!surface) return;
    const { ctx } = surface;
    const draw = () => {
      const s = pipeline.store.getState();
      if (s.version === lastVersion) return;
      lastVersion = s.version;
      const { width: w, height: h, colors } = surface;
      ctx.clearRect(0, 0, w, h);
      const base = h - AXIS_PX;
      const curves = depthCurves(s.bids, s.asks, w, base);
      shown.current = curves ? { curves, width: w } : null;
      if (!curves) return;
      fill(ctx, curves.bids, base, colors.buy);
      fill(ctx, curves.asks, base, colors.sell);
      ctx.fillStyle = colors.muted;
      ctx.strokeStyle = colors.muted;
      ctx.font = '10px ui-monospace, monospace';
      // Price axis: ends and mid, with tick marks.
      ctx.textBaseline = 'bottom';
      const mid = Math.round((curves.minTicks + curves.maxTicks) / 2);
      const labels: [number, string, 'left' | 'center' | 'right'][] = [
        [0, formatDecimal(fromScaled(curves.minTicks, priceScale)), 'left'],
        [w / 2, formatDecimal(fromScaled(mid, priceScale)), 'center'],
        [w, formatDecimal(fromScaled(curves.maxTicks, priceScale)), 'right'],
      ];
      ctx.globalAlpha = 0.6;
      ctx.beginPath();
      ctx.moveTo(0, base + 0.5);
      ctx.lineTo(w, base + 0.5);
      for (const [x] of labels) {
        ctx.moveTo(Math.min(Math.max(x, 0.5), w - 0.5), base);
        ctx.lineTo(Math.min(Math.max(x, 0.5), w - 0.5), base + 3);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;
      for (const [x, text, align] of labels) {
        const tw = ctx.measureText(text).width;
        ctx.fillText(text, align === 'left' ? 2 : align === 'right' ? w - tw - 2 : x - tw / 2, h);
      }
      // Size axis: full and half of the deeper side, in the base coin.
      ctx.textBaseline = 'top';
      for (const share of [1, 0.5]) {
        const lots = Math.round(curves.maxLots * share);
        ctx.fillText(formatDecimal(fromScaled(lots, sizeScale)), 2, base - base * share + 1);
      }
    };
    draw();
    const throttle = trailingThrottle(DRAW_MS, draw);
    const off = pipeline.store.subscribe(() => throttle.request());
    return () => {
      off();
      throttle.cancel();
      surface.dispose();
    };
  }, [pipeline, priceScale, sizeScale]);

  const onPointer = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const view = shown.current;
    const s = pipeline?.store.getState();
    if (!view || !s) return setReadout(null);
    const box = e.currentTarget.getBoundingClientRect();
    setReadout(depthReadout(s.bids, s.asks, view.curves, ((e.clientX - box.left) / box.width) * view.width, view.width));
  };
  return (
    <figure className="m-0 flex h-full min-h-32 flex-col">
      <figcaption className="text-xs text-muted">
        Depth: cumulative bids and asks ({meta.baseCoin} by price in {meta.quoteCoin})
      </figcaption>
      <p aria-label="Depth readout" className="tabular min-h-8 text-xs text-muted">
        {readout ? (
          <>
            <span className={readout.side === 'bid' ? 'text-buy' : 'text-sell'}>{readout.side === 'bid' ? 'Bids' : 'Asks'}</span> to {formatDecimal(fromScaled(readout.ticks, priceScale))} {meta.quoteCoin}: {formatDecimal(fromScaled(readout.cumLots, sizeScale))} {meta.baseCoin}, {formatDecimal(fromScaled(readout.notionalTickLots, priceScale + sizeScale), { scale: 2 })} {meta.quoteCoin}
          </>
        ) : (
          'Point at the chart to read the book to a price.'
        )}
      </p>
      <canvas ref={canvas} role="img" aria-label="Depth chart" className="h-full min-h-28 w-full flex-1" onPointerMove={onPointer} onPointerLeave={() => setReadout(null)} />
    </figure>
  );
}

function fill(ctx: CanvasRenderingContext2D, points: DepthPoint[], base: number, color: string) {
  if (points.length === 0) return;
  ctx.beginPath();
  ctx.moveTo(points[0]!.x, base);
  for (const p of points) ctx.lineTo(p.x, p.y);
  ctx.lineTo(points.at(-1)!.x, base);
  ctx.closePath();
  ctx.globalAlpha = 0.25;
  ctx.fillStyle = color;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}
