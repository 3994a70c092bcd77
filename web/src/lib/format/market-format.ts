// The one formatter for the numbers of a market and of a coin, wherever a screen shows them
// (history, open orders, toasts, assets, positions): a price on its instrument's tick, a
// size on its lot, and a coin amount at the coin's display precision. Tables and toasts
// that carry only a symbol and a category look the instrument up here, so no screen shows
// one more decimal than the market trades or cuts one it does.
import { useMemo } from 'react';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useInstruments } from '@web/lib/instruments/instruments-query';
import { formatDecimal } from './format-decimal';

export interface MarketRef {
  symbol: string;
  /** Any spelling ("USDT-FUTURES", "usdt-futures"); absent: the first instrument of the symbol. */
  category?: string | undefined;
}

export interface MarketFormat {
  /** The instrument of a symbol and category, when the desk knows it. */
  meta(m: MarketRef): InstrumentMeta | undefined;
  /** A price on the instrument's tick ("65,000.0"); as sent when the instrument is unknown. */
  price(value: string | undefined, m: MarketRef): string;
  /** A size on the instrument's lot, ungrouped ("0.0100"); as sent when unknown. */
  size(value: string | undefined, m: MarketRef): string;
  /** An amount of a coin at its display precision ("12,345.67"); as sent for a coin no market lists. */
  coin(value: string | undefined, coin: string): string;
  /** The decimals an amount of `coin` is shown with, when a market lists it. */
  coinScale(coin: string): number | undefined;
}

/**
 * A coin's precision on one market's screen (the order form, its balance panel): the base
 * coin to the market's lot, the quote coin to its tick, so what the form offers lines up
 * with what it can send. Off a market's screen (assets, history), `coinScale` below.
 */
export function coinScaleOnMarket(meta: Pick<InstrumentMeta, 'baseCoin' | 'quoteCoin' | 'sizeScale' | 'priceScale'>, coin: string): number | undefined {
  if (coin === meta.baseCoin) return meta.sizeScale;
  if (coin === meta.quoteCoin) return meta.priceScale;
  return undefined;
}

/**
 * A coin's display precision, from the spot markets that list it: as a base coin the finest
 * lot it trades in, as a quote coin the finest tick it is priced in. BTC shows what a BTC
 * order can size; USDT what a USDT price can move by.
 */
function coinScales(list: readonly InstrumentMeta[]): Map<string, number> {
  const scales = new Map<string, number>();
  const widen = (coin: string, scale: number) => scales.set(coin, Math.max(scales.get(coin) ?? 0, scale));
  for (const m of list) {
    if (m.category !== 'spot') continue;
    widen(m.baseCoin, m.sizeScale);
    widen(m.quoteCoin, m.priceScale);
  }
  return scales;
}

export function marketFormat(list: readonly InstrumentMeta[] = []): MarketFormat {
  const byKey = new Map<string, InstrumentMeta>();
  const bySymbol = new Map<string, InstrumentMeta>();
  for (const m of list) {
    byKey.set(`${m.category}:${m.symbol}`, m);
    if (!bySymbol.has(m.symbol)) bySymbol.set(m.symbol, m);
  }
  const scales = coinScales(list);
  const meta = (m: MarketRef) => (m.category ? byKey.get(`${m.category.toLowerCase()}:${m.symbol}`) : undefined) ?? bySymbol.get(m.symbol);
  return {
    meta,
    price: (value, m) => formatDecimal(value, { scale: meta(m)?.priceScale }),
    size: (value, m) => formatDecimal(value, { scale: meta(m)?.sizeScale, group: false }),
    coin: (value, coin) => formatDecimal(value, { scale: scales.get(coin) }),
    coinScale: (coin) => scales.get(coin),
  };
}

/** The formatter over the desk's instruments; numbers show as sent until they arrive. */
export function useMarketFormat(): MarketFormat {
  const instruments = useInstruments();
  return useMemo(() => marketFormat(instruments.data), [instruments.data]);
}
