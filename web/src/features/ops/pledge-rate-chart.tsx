// The pledge rate before and after each revision of one loan order, over time.
import { useEffect, useRef, useState } from 'react';
import { createDeskChart } from '@web/lib/charts/desk-chart';
import type { OrderRateSeries } from './pledge-chart-series';

export function PledgeRateChart({ series }: { series: OrderRateSeries }) {
  const box = useRef<HTMLDivElement>(null);
  const [error, setError] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let disposed = false;
    let cleanup = () => {};
    setReady(false);
    void createDeskChart(el)
      .then(({ chart, lib: { LineSeries }, color }) => {
        if (disposed) {
          chart.remove();
          return;
        }
        const format = { type: 'custom' as const, formatter: (v: number) => `${v.toFixed(2)} %` };
        const before = chart.addSeries(LineSeries, { color: color('--desk-muted', '#9aa4b2'), lineWidth: 2, lineStyle: 2, title: 'before', priceFormat: format });
        const after = chart.addSeries(LineSeries, { color: color('--desk-accent', '#3b82f6'), lineWidth: 2, title: 'after', priceFormat: format });
        before.setData(series.before.map((p) => ({ time: p.time as never, value: p.value })));
        after.setData(series.after.map((p) => ({ time: p.time as never, value: p.value })));
        chart.timeScale().fitContent();
        setReady(true);
        cleanup = () => chart.remove();
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [series]);
  return (
    <figure className="m-0 flex flex-col gap-1">
      <figcaption className="text-xs text-muted">
        Pledge rate of loan order <span className="font-mono">{series.orderId}</span>: before (dashed) and after (solid) each revision, {series.after.length} revisions
      </figcaption>
      {error && (
        <p role="alert" className="text-xs text-sell">
          The chart failed to load: {error}
        </p>
      )}
      <div ref={box} role="img" aria-label={`Pledge rate chart for order ${series.orderId}`} data-ready={ready} className="h-64 w-full" />
    </figure>
  );
}
