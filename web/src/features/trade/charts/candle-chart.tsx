// Candlesticks with a volume pane (issue 18): the documented intervals from 1m to 1D, the
// exchange's candles first (GET candles), older ones loaded as the user scrolls left
// (GET history-candles before the oldest shown), the current candle kept live from the
// kline topic, and the user's open orders and position entry drawn as price lines.
// Decimal strings become numbers only here, for the axis (display, never arithmetic).
import { useEffect, useRef, useState } from 'react';
import type { IChartApi, IPriceLine, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { endpoints } from '@contract/catalog/endpoints';
import { candleIntervals, klinePushItem, type CandleInterval, type CandleRow } from '@contract/schemas/market';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { describeError } from '@web/lib/api/describe-error';
import { parsePushItems } from '@web/lib/bad-input/bad-input-store';
import { createDeskChart } from '@web/lib/charts/desk-chart';
import { formatChartPrice } from '@web/lib/format/format-decimal';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { marketArg } from '@web/lib/market/market-feeds';
import { deskSockets } from '@web/lib/ws/desk-sockets';

export interface ChartPriceLine {
  price: string;
  title: string;
  kind: 'buy' | 'sell' | 'entry';
}

interface Bar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  up: boolean;
}

const toBar = (r: CandleRow): Bar => ({
  time: (Number(r[0]) / 1000) as UTCTimestamp,
  open: Number(r[1]),
  high: Number(r[2]),
  low: Number(r[3]),
  close: Number(r[4]),
  volume: Number(r[5]),
  up: Number(r[4]) >= Number(r[1]),
});

/** Joins two candle lists by start time; the newer list wins on equal starts. */
export function mergeBars(older: readonly Bar[], newer: readonly Bar[]): Bar[] {
  const byTime = new Map<number, Bar>();
  for (const b of older) byTime.set(b.time, b);
  for (const b of newer) byTime.set(b.time, b);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Load older candles when fewer than this many bars are left of the view. */
const LOAD_MORE_MARGIN = 20;

export function CandleChart({ meta, priceLines }: { meta: InstrumentMeta; priceLines: readonly ChartPriceLine[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [interval, setChartInterval] = useState<CandleInterval>('1m');
  const [error, setError] = useState('');
  const [count, setCount] = useState(0);
  const series = useRef<{ chart: IChartApi; candles: ISeriesApi<'Candlestick'>; color: (v: string, f: string) => string } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let disposed = false;
    let cleanup = () => {};
    setError('');
    setCount(0);
    const category = meta.category.toUpperCase();
    void createDeskChart(el, { secondsVisible: false })
      .then(async ({ chart, lib: { CandlestickSeries, HistogramSeries }, color, followTheme }) => {
        if (disposed) {
          chart.remove();
          return;
        }
        // Read again on a theme switch (followTheme below).
        let buy = color('--desk-buy', '#2ebd85');
        let sell = color('--desk-sell', '#f6465d');
        const candleColors = () => ({ upColor: buy, downColor: sell, wickUpColor: buy, wickDownColor: sell });
        const candles = chart.addSeries(CandlestickSeries, {
          ...candleColors(),
          borderVisible: false,
          // The axis and the last-price label read as every other price on the desk: the
          // tick's decimals, thousands grouped (the chart's own format does not group).
          priceFormat: { type: 'custom', formatter: (price: number) => formatChartPrice(price, meta.priceScale), minMove: 1 / 10 ** meta.priceScale },
        });
        const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 1);
        chart.panes()[1]?.setHeight(60);
        series.current = { chart, candles, color };
        let bars: Bar[] = [];
        const show = () => {
          candles.setData(bars.map(({ volume: _v, up: _u, ...b }) => b));
          volume.setData(bars.map((b) => ({ time: b.time, value: b.volume, color: b.up ? `${buy}80` : `${sell}80` })));
          setCount(bars.length);
        };
        const stopTheme = followTheme(() => {
          buy = color('--desk-buy', '#2ebd85');
          sell = color('--desk-sell', '#f6465d');
          candles.applyOptions(candleColors());
          show();
        });
        // Until the rest is wired, leaving removes just the chart (the first read may still be under way).
        cleanup = () => {
          stopTheme();
          series.current = null;
          chart.remove();
        };
        const first = await callEndpoint(endpoints.candles, { category, symbol: meta.symbol, interval, limit: '1000' });
        if (disposed) return; // cleanup already removed the chart
        bars = first.map(toBar);
        show();
        chart.timeScale().scrollToRealTime();

        // Older candles as the user scrolls left, until the exchange has no more.
        let loading = false;
        let exhausted = false;
        const onRange = (range: { from: number } | null) => {
          if (!range || range.from > LOAD_MORE_MARGIN || loading || exhausted || bars.length === 0) return;
          loading = true;
          const oldest = bars[0]!.time * 1000;
          callEndpoint(endpoints.historyCandles, { category, symbol: meta.symbol, interval, endTime: String(oldest - 1), limit: '100' })
            .then((rows) => {
              if (disposed) return;
              const older = rows.map(toBar).filter((b) => b.time < bars[0]!.time);
              if (older.length === 0) exhausted = true;
              else {
                bars = mergeBars(older, bars);
                show();
              }
            })
            .catch((e: unknown) => setError(`older candles could not be loaded: ${describeError(e)}`))
            .finally(() => {
              loading = false;
            });
        };
        chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

        // The current candle, live.
        const off = deskSockets().public.subscribe(marketArg(meta, 'kline', { interval }), (msg) => {
          for (const k of parsePushItems('kline', klinePushItem, msg.data)) {
            const bar = toBar([k.start, k.open, k.high, k.low, k.close, k.volume, k.turnover]);
            const last = bars.at(-1);
            if (last && bar.time < last.time) continue; // an old candle: the chart only moves forward
            if (last && bar.time === last.time) bars[bars.length - 1] = bar;
            else bars.push(bar);
            candles.update({ time: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
            volume.update({ time: bar.time, value: bar.volume, color: bar.up ? `${buy}80` : `${sell}80` });
            setCount(bars.length);
          }
        });
        cleanup = () => {
          off();
          stopTheme();
          chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
          series.current = null;
          chart.remove();
        };
        if (disposed) cleanup();
      })
      .catch((e: unknown) => setError(describeError(e)));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [meta, interval]);

  // Open orders and the position's entry as price lines, redrawn when they change.
  const linesKey = JSON.stringify(priceLines);
  const ready = count > 0;
  useEffect(() => {
    const s = series.current;
    if (!s || !ready) return;
    const lines = JSON.parse(linesKey) as ChartPriceLine[];
    const made: IPriceLine[] = lines.map((l) =>
      s.candles.createPriceLine({
        price: Number(l.price),
        title: l.title,
        color: l.kind === 'buy' ? s.color('--desk-buy', '#2ebd85') : l.kind === 'sell' ? s.color('--desk-sell', '#f6465d') : s.color('--desk-accent', '#3b82f6'),
        lineWidth: 1,
        lineStyle: 2,
        axisLabelVisible: true,
      }),
    );
    return () => {
      // The chart may be gone already (a market switch removes it first): then so are its lines.
      if (series.current !== s) return;
      for (const line of made) s.candles.removePriceLine(line);
    };
  }, [linesKey, ready]);

  return (
    <figure className="m-0 flex h-full min-h-40 flex-col">
      <figcaption className="flex flex-wrap items-center justify-between gap-1 text-xs text-muted">
        <span>
          {meta.symbol} candles ({meta.quoteCoin}), volume in {meta.baseCoin}
        </span>
        <span role="group" aria-label="Candle interval" className="flex flex-wrap gap-0.5">
          {candleIntervals.map((i) => (
            <button key={i} type="button" aria-pressed={interval === i} onClick={() => setChartInterval(i)} className={`rounded px-1.5 ${interval === i ? 'bg-raised text-fg' : ''}`}>
              {i}
            </button>
          ))}
        </span>
      </figcaption>
      {error && (
        <p role="alert" className="text-xs text-sell">
          The chart: {error}
        </p>
      )}
      <div ref={box} role="figure" aria-label={`Candlestick chart, ${interval}, ${count} candles`} data-candles={count} className="min-h-48 w-full flex-1" />
    </figure>
  );
}
