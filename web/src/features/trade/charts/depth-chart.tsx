// Depth chart on a canvas, redrawn from the book store's publishes outside React's
// render: the component renders once and never re-renders for market data. The book
// publishes up to 60 times a second; the chart redraws at most DRAW_MS apart (the ladder
// beside it shows every frame; the curve's shape at 15 Hz reads the same to the eye and
// costs a quarter of the canvas work and raster).
import { useEffect, useRef } from 'react';
import type { BookSource } from '@web/lib/book/book-store';
import { depthCurves, type DepthPoint } from '@web/lib/book/depth-curve';
import { fromScaled } from '@contract/decimal';
import { canvasSurface } from '@web/lib/charts/canvas-surface';
import { trailingThrottle } from '@web/lib/charts/trailing-throttle';

const DRAW_MS = 66;

export function DepthChart({ pipeline, priceScale }: { pipeline: BookSource | null; priceScale: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el || !pipeline) return;
    let lastVersion = -1;
    // Called after a resize or theme switch (draw is defined below, before either can happen).
    const redraw = () => {
      lastVersion = -1;
      draw();
    };
    const surface = canvasSurface(el, { buy: ['--desk-buy', '#2ebd85'], sell: ['--desk-sell', '#f6465d'], muted: ['--desk-muted', '#9aa4b2'] }, redraw);
    if (!surface) return;
    const { ctx } = surface;
    const draw = () => {
      const s = pipeline.store.getState();
      if (s.version === lastVersion) return;
      lastVersion = s.version;
      const { width: w, height: h, colors } = surface;
      ctx.clearRect(0, 0, w, h);
      const curves = depthCurves(s.bids, s.asks, w, h - 14);
      if (!curves) return;
      fill(ctx, curves.bids, h - 14, colors.buy);
      fill(ctx, curves.asks, h - 14, colors.sell);
      ctx.fillStyle = colors.muted;
      ctx.font = '10px ui-monospace, monospace';
      ctx.textBaseline = 'bottom';
      ctx.fillText(fromScaled(curves.minTicks, priceScale), 2, h);
      const right = fromScaled(curves.maxTicks, priceScale);
      ctx.fillText(right, w - ctx.measureText(right).width - 2, h);
    };
    draw();
    const throttle = trailingThrottle(DRAW_MS, draw);
    const off = pipeline.store.subscribe(() => throttle.request());
    return () => {
      off();
      throttle.cancel();
      surface.dispose();
    };
  }, [pipeline, priceScale]);
  return (
    <figure className="m-0 flex h-full min-h-32 flex-col">
      <figcaption className="text-xs text-muted">Depth (cumulative bids and asks)</figcaption>
      <canvas ref={canvas} role="img" aria-label="Depth chart" className="h-full min-h-28 w-full flex-1" />
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
