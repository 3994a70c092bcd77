// Depth chart on a canvas, redrawn from the book store's publishes (at most one per
// frame) outside React's render: the component renders once and never re-renders for
// market data.
import { useEffect, useRef } from 'react';
import type { BookPipeline } from '@web/lib/book/book-store';
import { depthCurves, type DepthPoint } from '@web/lib/book/depth-curve';
import { fromScaled } from '@contract/decimal';

export function DepthChart({ pipeline, priceScale }: { pipeline: BookPipeline | null; priceScale: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el || !pipeline) return;
    const draw = () => {
      const ctx = el.getContext('2d');
      if (!ctx) return;
      const dpr = window.devicePixelRatio || 1;
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (el.width !== Math.round(w * dpr) || el.height !== Math.round(h * dpr)) {
        el.width = Math.round(w * dpr);
        el.height = Math.round(h * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const s = pipeline.store.getState();
      const curves = depthCurves(s.bids, s.asks, w, h - 14);
      if (!curves) return;
      const css = getComputedStyle(el);
      fill(ctx, curves.bids, h - 14, css.getPropertyValue('--desk-buy') || '#2ebd85');
      fill(ctx, curves.asks, h - 14, css.getPropertyValue('--desk-sell') || '#f6465d');
      ctx.fillStyle = css.getPropertyValue('--desk-muted') || '#9aa4b2';
      ctx.font = '10px ui-monospace, monospace';
      ctx.textBaseline = 'bottom';
      ctx.fillText(fromScaled(curves.minTicks, priceScale), 2, h);
      const right = fromScaled(curves.maxTicks, priceScale);
      ctx.fillText(right, w - ctx.measureText(right).width - 2, h);
    };
    draw();
    const off = pipeline.store.subscribe(draw);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(draw);
    ro?.observe(el);
    return () => {
      off();
      ro?.disconnect();
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
  ctx.fillStyle = color.trim();
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = color.trim();
  ctx.lineWidth = 1.5;
  ctx.stroke();
}
