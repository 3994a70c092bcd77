// One loan order's pledge rate over a true time axis: a stepped line, a marker per
// revision coloured by side (up: the rate rose, collateral came out; down: it fell),
// and on hover or focus the revision's amount, side and before -> after.
import { useEffect, useMemo, useRef, useState } from 'react';
import { isoDay, linearScale, rateDomain, rateTicks, steppedPath, timeTicks, type RevisionPoint } from './pledge-chart-series';

const HEIGHT = 280;
const PAD = { left: 52, right: 16, top: 12, bottom: 40 };

export interface PledgeRateChartProps {
  orderId: string;
  points: readonly RevisionPoint[];
  /** The time range drawn (the query's, or the data's when open-ended). */
  from: number;
  to: number;
  /** Spans the archive lacks (lost or not yet fetched): shaded, so the line there is not read as known. */
  gaps?: ReadonlyArray<{ from: number; to: number; state: string }>;
  /** When the data was read (ms): the last rate holds up to here and no further. */
  asOf: number;
}

export function PledgeRateChart({ orderId, points, from, to, gaps = [], asOf }: PledgeRateChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w && w > 0) setWidth(Math.floor(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const geometry = useMemo(() => {
    const x = linearScale(from, to, PAD.left, width - PAD.right);
    const [lo, hi] = points.length ? rateDomain(points) : [0, 100];
    const y = linearScale(lo, hi, HEIGHT - PAD.bottom, PAD.top);
    // About one label per 110 px keeps the dates from running into each other.
    const xTicks = timeTicks(from, to, Math.max(2, Math.floor((width - PAD.left - PAD.right) / 110)));
    return { x, y, xTicks, yTicks: rateTicks(lo, hi, 5), path: steppedPath(points, x, y, Math.min(to, asOf)) };
  }, [points, from, to, width, asOf]);

  const { x, y } = geometry;
  const shown = hover === null ? undefined : points[hover];
  const ups = points.filter((p) => p.record.reviseSide === 'up').length;

  return (
    <figure className="m-0 flex flex-col gap-1">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
        <span>
          Pledge rate (%) of loan order <span className="font-mono">{orderId}</span>: {points.length} revisions
        </span>
        <span className="flex items-center gap-1">
          <svg width="10" height="10" aria-hidden="true">
            <circle cx="5" cy="5" r="4" fill="var(--desk-sell)" />
          </svg>
          up: rate rose ({ups})
        </span>
        <span className="flex items-center gap-1">
          <svg width="10" height="10" aria-hidden="true">
            <circle cx="5" cy="5" r="4" fill="var(--desk-buy)" />
          </svg>
          down: rate fell ({points.length - ups})
        </span>
      </figcaption>
      <div ref={box} className="relative w-full" style={{ height: HEIGHT }}>
        <svg width={width} height={HEIGHT} role="group" aria-label={`Pledge rate chart for loan order ${orderId}, ${isoDay(from)} to ${isoDay(to)}`} data-ready="true">
          {geometry.yTicks.map((v) => (
            <g key={`y${v}`}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke="var(--desk-line)" strokeWidth={1} />
              <text x={PAD.left - 6} y={y(v)} dy="0.32em" textAnchor="end" fontSize={11} fill="var(--desk-muted)">
                {v} %
              </text>
            </g>
          ))}
          {geometry.xTicks.map((t) => (
            <g key={`x${t}`}>
              <line x1={x(t)} x2={x(t)} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom + 4} stroke="var(--desk-muted)" />
              <text x={x(t)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="var(--desk-muted)">
                {isoDay(t)}
              </text>
            </g>
          ))}
          <line x1={PAD.left} x2={width - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} stroke="var(--desk-muted)" />
          <text x={width - PAD.right} y={HEIGHT - 4} textAnchor="end" fontSize={10} fill="var(--desk-muted)">
            time (UTC)
          </text>
          {gaps
            .filter((g) => g.to >= from && g.from <= to)
            .map((g) => {
              const left = x(Math.max(g.from, from));
              const right = x(Math.min(g.to, to));
              return (
                <g key={`gap${g.from}`} data-testid="archive-gap">
                  <rect x={left} y={PAD.top} width={Math.max(2, right - left)} height={HEIGHT - PAD.top - PAD.bottom} fill="var(--desk-warn)" opacity={0.15} />
                  <text x={(left + right) / 2} y={PAD.top + 12} textAnchor="middle" fontSize={10} fill="var(--desk-warn)">
                    {g.state === 'lost' ? 'not archived' : 'not yet archived'}
                  </text>
                </g>
              );
            })}
          <path d={geometry.path} fill="none" stroke="var(--desk-accent)" strokeWidth={2} data-testid="pledge-step-line" />
          {points.map((p, i) => (
            <circle
              key={`${p.time}-${i}`}
              cx={x(p.time)}
              cy={y(p.after)}
              r={hover === i ? 6 : 4}
              fill={p.record.reviseSide === 'up' ? 'var(--desk-sell)' : 'var(--desk-buy)'}
              stroke="var(--desk-panel)"
              strokeWidth={1}
              tabIndex={0}
              role="button"
              aria-label={`Revision ${new Date(p.time).toISOString()}: ${p.record.reviseSide}, ${p.record.reviseAmount} ${p.record.pledgeCoin}, ${p.record.beforePledgeRate} % to ${p.record.afterPledgeRate} %`}
              onMouseEnter={() => setHover(i)}
              onMouseLeave={() => setHover(null)}
              onFocus={() => setHover(i)}
              onBlur={() => setHover(null)}
            />
          ))}
        </svg>
        {shown && (
          <div
            role="tooltip"
            className="pointer-events-none absolute z-10 rounded border border-line bg-raised px-2 py-1 text-xs text-fg shadow"
            style={{ left: Math.min(Math.max(0, x(shown.time) + 8), width - 200), top: Math.max(0, y(shown.after) - 64) }}
          >
            <div className="tabular-nums">{new Date(shown.time).toISOString()}</div>
            <div>
              {shown.record.reviseSide === 'up' ? 'up' : 'down'}, {shown.record.reviseAmount} {shown.record.pledgeCoin}
            </div>
            <div className="tabular-nums">
              {shown.record.beforePledgeRate} % → {shown.record.afterPledgeRate} %
            </div>
          </div>
        )}
      </div>
    </figure>
  );
}
