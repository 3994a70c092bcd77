// The market at a glance (issue 18): last price with its direction, the 24 h change, high,
// low, volume and turnover; on futures also mark, index, funding rate and the time to the
// next settlement. Prices to the instrument's tick, sizes to its lot, each with its unit.
import { useEffect, useRef, useState } from 'react';
import { compareDecimal, fromScaled, toScaled } from '@contract/core/decimal';
import { formatDecimal, formatSigned } from '@web/lib/format/format-decimal';
import { percentText } from '@web/lib/format/ratio-percent';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useTicker } from '@web/lib/market/market-feeds';
import { describeError } from '@web/lib/api/describe-error';
import { queryView } from '@web/lib/api/query-view';
import { useNow } from '@web/lib/dom/use-now';

/** "-0.02524" -> "-2.524 %": signed, every digit kept. */
export function ratioToPercent(ratio: string): string {
  return percentText(ratio, { signed: true, spaced: true });
}

/** "hh:mm:ss" until `targetMs`. */
export function countdown(targetMs: number, nowMs: number): string {
  const s = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Which way the last price moved from the previous one shown. */
function useDirection(last: string | undefined): 'up' | 'down' | 'flat' {
  const previous = useRef<string | undefined>(undefined);
  const [direction, setDirection] = useState<'up' | 'down' | 'flat'>('flat');
  useEffect(() => {
    const before = previous.current;
    previous.current = last;
    if (!before || !last || before === last) return;
    setDirection(compareDecimal(last, before) > 0 ? 'up' : 'down');
  }, [last]);
  return direction;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-muted">{label}</dt>
      <dd aria-label={label} className="tabular whitespace-nowrap">
        {value}
      </dd>
    </div>
  );
}

export function TickerStrip({ meta }: { meta: InstrumentMeta }) {
  const ticker = useTicker(meta);
  const t = ticker.data;
  const direction = useDirection(t?.lastPrice);
  const now = useNow(1000);
  const price = (v: string | undefined) => formatDecimal(v, { scale: meta.priceScale });
  const quote = meta.quoteCoin;
  // Only with nothing to show: a failed refresh keeps the last figures (queryView).
  const view = queryView(ticker);
  if (view.kind === 'error') {
    return (
      <p role="alert" className="text-xs text-sell">
        The ticker could not be loaded: {describeError(view.error)}
      </p>
    );
  }
  const up = t ? compareDecimal(t.lastPrice, t.openPrice24h) >= 0 : true;
  return (
    <section aria-label={`${meta.symbol} ticker`} className="flex flex-wrap items-center gap-x-5 gap-y-1 rounded-md border border-line bg-panel px-3 py-1.5 text-xs">
      <p aria-label="Last price" className={`tabular text-base font-semibold ${direction === 'down' ? 'text-sell' : direction === 'up' ? 'text-buy' : ''}`}>
        {t ? `${price(t.lastPrice)} ${quote}` : '…'}
        <span aria-hidden="true">{direction === 'up' ? ' ▲' : direction === 'down' ? ' ▼' : ''}</span>
      </p>
      <dl className="flex flex-wrap gap-x-5 gap-y-1">
        <div className="flex flex-col">
          <dt className="text-muted">24h change</dt>
          <dd aria-label="24h change" className={`tabular ${up ? 'text-buy' : 'text-sell'}`}>
            {t ? `${formatSigned(subtractText(t.lastPrice, t.openPrice24h, meta.priceScale), { scale: meta.priceScale })} ${quote} (${ratioToPercent(t.price24hPcnt)})` : '—'}
          </dd>
        </div>
        <Stat label="24h high" value={t ? `${price(t.highPrice24h)} ${quote}` : '—'} />
        <Stat label="24h low" value={t ? `${price(t.lowPrice24h)} ${quote}` : '—'} />
        <Stat label="24h volume" value={t ? `${formatDecimal(t.volume24h, { scale: meta.sizeScale })} ${meta.baseCoin}` : '—'} />
        <Stat label="24h turnover" value={t ? `${formatDecimal(t.turnover24h, { scale: 2 })} ${quote}` : '—'} />
        {meta.category === 'usdt-futures' && t && (
          <>
            <Stat label="Mark price" value={`${price(t.markPrice)} ${quote}`} />
            <Stat label="Index price" value={`${price(t.indexPrice)} ${quote}`} />
            <Stat label="Funding rate" value={t.fundingRate ? ratioToPercent(t.fundingRate).replace(/^\+/, '') : '—'} />
            <Stat label="Next funding in" value={t.nextFundingTime ? countdown(Number(t.nextFundingTime), now) : '—'} />
            <Stat label="Open interest" value={t.openInterest ? `${formatDecimal(t.openInterest, { scale: meta.sizeScale })} ${meta.baseCoin}` : '—'} />
          </>
        )}
      </dl>
    </section>
  );
}

/** a - b for two decimal strings, exact, at `scale` decimals. */
function subtractText(a: string, b: string, scale: number): string {
  return fromScaled(toScaled(a, scale, { rounding: 'down' }) - toScaled(b, scale, { rounding: 'down' }), scale);
}
