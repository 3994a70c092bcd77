// What the trading screen needs to know about an instrument, derived once from the
// instruments record: the tick and lot as exact fixed-point steps, so every check of a
// price or a quantity is integer arithmetic (contract/core/decimal.ts), never a float.
import { scaleOf, toScaled } from '@contract/core/decimal';
import type { TradedCategory } from '@contract/schemas/common';
import type { Instrument } from '@contract/schemas/instruments';

/** The contract's word; the trading screen's name for it. */
export type TradeCategory = TradedCategory;

/** How a category reads on screen, in the contract's order (tabs, filters). */
export const categoryChoices: readonly { category: TradeCategory; label: string }[] = [
  { category: 'spot', label: 'Spot' },
  { category: 'margin', label: 'Margin' },
  { category: 'usdt-futures', label: 'USDT-futures' },
];

export interface InstrumentMeta {
  symbol: string;
  category: TradeCategory;
  baseCoin: string;
  quoteCoin: string;
  /** Decimals of prices (the book's tick scale). */
  priceScale: number;
  /** Decimals of quantities (the book's lot scale). */
  sizeScale: number;
  /** The tick as text ("0.1") and in units of 10^-priceScale (1n). */
  tickSize: string;
  tick: bigint;
  /** The lot as text ("0.0001") and in units of 10^-sizeScale. */
  lotSize: string;
  lot: bigint;
  /** Minimum and maximum order quantity in units of 10^-sizeScale (max 0n: no maximum). */
  minQty: bigint;
  maxQty: bigint;
  /** Minimum notional (price x qty) in the quote coin, as text ("0" when none). */
  minAmount: string;
  /** Decimals of a quote-coin amount (a spot market buy's size); absent in hand-made metas. */
  quoteScale?: number;
  /** The instrument's taker fee rate ("0.001"), when the instruments record carries one. */
  takerFeeRate?: string;
  maxLeverage: string | undefined;
  tradable: boolean;
}

/** True for categories with positions and leverage (reduceOnly, posSide, set-leverage). */
export function isDerivative(category: TradeCategory): boolean {
  return category === 'usdt-futures';
}

export function toTradeCategory(raw: string): TradeCategory | undefined {
  const c = raw.toLowerCase();
  return c === 'spot' || c === 'margin' || c === 'usdt-futures' ? c : undefined;
}

/** Derives the meta of an instruments record; undefined for a category the desk does not trade. */
export function instrumentMeta(inst: Instrument): InstrumentMeta | undefined {
  const category = toTradeCategory(inst.category);
  if (!category) return undefined;
  const priceScale = Math.max(precision(inst.pricePrecision), scaleOf(inst.priceMultiplier));
  const sizeScale = Math.max(precision(inst.quantityPrecision), scaleOf(inst.quantityMultiplier));
  const tick = toScaled(inst.priceMultiplier, priceScale, { field: 'priceMultiplier' });
  const lot = toScaled(inst.quantityMultiplier, sizeScale, { field: 'quantityMultiplier' });
  return {
    symbol: inst.symbol,
    category,
    baseCoin: inst.baseCoin,
    quoteCoin: inst.quoteCoin,
    priceScale,
    sizeScale,
    tickSize: inst.priceMultiplier,
    // A zero step would make every multiple check divide by zero; treat it as the smallest unit.
    tick: tick > 0n ? tick : 1n,
    lotSize: inst.quantityMultiplier,
    lot: lot > 0n ? lot : 1n,
    minQty: toScaled(inst.minOrderQty, sizeScale, { field: 'minOrderQty', rounding: 'up' }),
    maxQty: toScaled(inst.maxOrderQty, sizeScale, { field: 'maxOrderQty', rounding: 'down' }),
    minAmount: inst.minOrderAmount,
    quoteScale: precision(inst.quotePrecision),
    ...(inst.takerFeeRate ? { takerFeeRate: inst.takerFeeRate } : {}),
    maxLeverage: inst.maxLever,
    tradable: inst.status.toLowerCase() === 'online' || inst.status.toLowerCase() === 'normal',
  };
}

function precision(text: string): number {
  const n = /^\d{1,2}$/.test(text) ? Number(text) : 0;
  return Math.min(n, 15);
}
