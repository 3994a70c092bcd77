// Live price chart: the book's mid price sampled into candles (1 s or 1 min), drawn with
// lightweight-charts, which is imported only when the chart mounts so the initial
// JavaScript stays small. Samples are taken on the store's publishes (at most once per
// frame) and pushed to the chart outside React with series.update (never setData), at
// most four times a second.
import { useEffect, useRef, useState } from 'react';
import type { BookSource } from '@web/lib/book/book-store';
import { CandleSeries, type Candle } from '@web/lib/book/mid-candles';
import { createDeskChart } from '@web/lib/charts/desk-chart';
import { trailingThrottle } from '@web/lib/charts/trailing-throttle';

/** The chart is for the eye: four updates a second look live and cost a fraction of sixty. */
const CHART_UPDATE_MS = 250;

const intervals = [
  { sec: 1, label: '1s' },
  { sec: 60, label: '1m' },
] as const;

export function PriceChart({ pipeline, priceScale }: { pipeline: BookSource | null; priceScale: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [interval, setIntervalSec] = useState<number>(1);
  const [error, setError] = useState('');
  useEffect(() => {
    const el = box.current;
    if (!el || !pipeline) return;
    let disposed = false;
    let cleanup = () => {};
    void createDeskChart(el, { secondsVisible: interval === 1 })
      .then(({ chart, lib: { CandlestickSeries }, color }) => {
        if (disposed) {
          chart.remove();
          return;
        }
        const series = chart.addSeries(CandlestickSeries, {
          upColor: color('--desk-buy', '#2ebd85'),
          downColor: color('--desk-sell', '#f6465d'),
          wickUpColor: color('--desk-buy', '#2ebd85'),
          wickDownColor: color('--desk-sell', '#f6465d'),
          borderVisible: false,
          priceFormat: { type: 'price', precision: priceScale + 1, minMove: 1 / 10 ** (priceScale + 1) },
        });
        const candles = new CandleSeries(interval);
        // Display only: the exact mid (in half ticks) becomes a number for the chart axis.
        const scale = 2 * 10 ** priceScale;
        let lastVersion = -1;
        // The candle is kept current on every publish (cheap), but the chart, which redraws
        // its whole canvas per update, gets at most one update per CHART_UPDATE_MS, and
        // only when the candle changed.
        let shown = '';
        let pending: Candle | null = null;
        const push = () => {
          const c = pending;
          pending = null;
          if (!c) return;
          series.update({ time: c.time as never, open: c.open / scale, high: c.high / scale, low: c.low / scale, close: c.close / scale });
        };
        const throttle = trailingThrottle(CHART_UPDATE_MS, push);
        const sample = () => {
          const s = pipeline.store.getState();
          if (s.midTicks2 === undefined || s.version === lastVersion) return;
          lastVersion = s.version;
          const c = candles.add(Date.now(), s.midTicks2);
          const key = `${c.time}:${c.open}:${c.high}:${c.low}:${c.close}`;
          if (key === shown) return;
          shown = key;
          // A new candle: the previous one gets its final values first.
          if (pending !== null && pending !== c) throttle.flush();
          pending = c;
          throttle.request();
        };
        sample();
        const off = pipeline.store.subscribe(sample);
        cleanup = () => {
          off();
          throttle.cancel();
          chart.remove();
        };
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [pipeline, priceScale, interval]);
  return (
    <figure className="m-0 flex h-full min-h-40 flex-col">
      <figcaption className="flex items-center justify-between text-xs text-muted">
        <span>Mid price</span>
        <span role="group" aria-label="Candle interval" className="flex gap-1">
          {intervals.map((i) => (
            <button key={i.sec} type="button" aria-pressed={interval === i.sec} onClick={() => setIntervalSec(i.sec)} className={`rounded px-1.5 ${interval === i.sec ? 'bg-raised text-fg' : ''}`}>
              {i.label}
            </button>
          ))}
        </span>
      </figcaption>
      {error && <p role="alert" className="text-xs text-sell">The chart failed to load: {error}</p>}
      <div ref={box} role="img" aria-label="Price chart" className="min-h-36 w-full flex-1" />
    </figure>
  );
}
