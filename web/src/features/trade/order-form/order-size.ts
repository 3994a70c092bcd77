// The arithmetic of an order's size before it is sent: which coin the size is typed in,
// the conversion of a base quantity to the quote amount a spot market buy spends, the
// notional and fee estimate, the maximum in the unit typed, and the presets. Pure and
// exact (contract/core/decimal.ts): a float here would show or send a size the trader did
// not choose.
//
// trade.md, place-order `qty`: a spot or margin market buy is sized in the quote coin;
// every other order (limit, market sell, USDT-futures) in the base coin.
import { compareDecimal, fromScaled, isDecimalString, mulScaled, scaleOf, toScaled } from '@contract/core/decimal';
import type { PlaceOrderRequest } from '@contract/schemas/orders';
import { coinScaleOnMarket } from '@web/lib/format/market-format';
import { formatDecimal } from '@web/lib/format/format-decimal';
import { isDerivative, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { presetQty } from '@web/lib/instruments/qty-presets';

export type SizeUnit = 'base' | 'quote';

type SizeMeta = Pick<InstrumentMeta, 'category' | 'baseCoin' | 'quoteCoin' | 'priceScale' | 'sizeScale' | 'lot' | 'maxQty' | 'quoteScale' | 'takerFeeRate'>;

/** The units the size can be typed in: both for a spot or margin market buy, else the base coin. */
export function sizeUnitsFor(meta: Pick<InstrumentMeta, 'category'>, side: 'buy' | 'sell', orderType: 'limit' | 'market'): readonly SizeUnit[] {
  return !isDerivative(meta.category) && side === 'buy' && orderType === 'market' ? ['quote', 'base'] : ['base'];
}

export function unitCoin(meta: Pick<InstrumentMeta, 'baseCoin' | 'quoteCoin'>, unit: SizeUnit): string {
  return unit === 'quote' ? meta.quoteCoin : meta.baseCoin;
}

export function quoteScaleOf(meta: Pick<InstrumentMeta, 'quoteScale' | 'priceScale'>): number {
  return meta.quoteScale ?? meta.priceScale;
}

/**
 * The quote amount a market buy of `qty` base spends at `bestAsk`, rounded up to the quote
 * precision so the budget covers the quantity at that ask (the exchange buys whole lots
 * while the budget lasts). Undefined without a book.
 */
export function baseToQuoteAmount(qty: string, bestAsk: string | undefined, meta: SizeMeta): string | undefined {
  if (!bestAsk || !isDecimalString(bestAsk) || !isDecimalString(qty)) return undefined;
  const qs = quoteScaleOf(meta);
  const ps = Math.max(meta.priceScale, scaleOf(bestAsk));
  const units = mulScaled(toScaled(qty, meta.sizeScale, { rounding: 'down' }), meta.sizeScale, toScaled(bestAsk, ps, { rounding: 'down' }), ps, qs, 'up');
  return units > 0n ? fromScaled(units, qs, { trim: true }) : undefined;
}

/** What the order is worth and costs in fees, in the quote coin, before it is sent. */
export interface OrderEstimate {
  /** Price x quantity, or the amount of a quote-sized buy; undefined when no price is known yet. */
  notional: string | undefined;
  /** Notional x the taker rate (the most the order can pay), rounded up; undefined without a rate. */
  fee: string | undefined;
  /** The price the estimate uses and where it comes from. */
  price: string | undefined;
  priceSource: 'limit' | 'best ask' | 'best bid' | 'none';
  feeRate: string | undefined;
}

/** The estimate of a checked place-order body (`qty` as the exchange reads it). */
export function estimateOrder(order: Pick<PlaceOrderRequest, 'side' | 'orderType' | 'qty' | 'price'>, meta: SizeMeta, book: { bestBid: string | undefined; bestAsk: string | undefined }, feeRate: string | undefined = meta.takerFeeRate): OrderEstimate {
  const qs = quoteScaleOf(meta);
  const quoteSized = !isDerivative(meta.category) && order.orderType === 'market' && order.side === 'buy';
  let price: string | undefined;
  let priceSource: OrderEstimate['priceSource'] = 'none';
  if (order.orderType === 'limit' && order.price) {
    price = order.price;
    priceSource = 'limit';
  } else if (order.side === 'buy' && book.bestAsk) {
    price = book.bestAsk;
    priceSource = 'best ask';
  } else if (order.side === 'sell' && book.bestBid) {
    price = book.bestBid;
    priceSource = 'best bid';
  }
  let notional: string | undefined;
  if (quoteSized) notional = order.qty;
  else if (price && isDecimalString(price)) {
    const ps = Math.max(meta.priceScale, scaleOf(price));
    const units = mulScaled(toScaled(order.qty, meta.sizeScale, { rounding: 'down' }), meta.sizeScale, toScaled(price, ps, { rounding: 'down' }), ps, qs, 'up');
    notional = fromScaled(units, qs, { trim: true });
  }
  const rate = feeRate && isDecimalString(feeRate) ? feeRate : undefined;
  let fee: string | undefined;
  if (notional !== undefined && rate !== undefined) {
    const rs = scaleOf(rate);
    fee = fromScaled(mulScaled(toScaled(notional, qs, { rounding: 'up' }), qs, toScaled(rate, rs), rs, qs, 'up'), qs, { trim: true });
  }
  return { notional, fee, price, priceSource, feeRate: rate };
}

/** The maximum the trader can send, in the unit it is typed in. */
export interface SizeMax {
  value: string;
  unit: SizeUnit;
}

/**
 * Is the size typed (`qty` in `unit`) above the maximum? Returns the error to show next to
 * the field (the maximum in words), or undefined. An unknown maximum refuses nothing: the
 * exchange checks it anyway.
 */
export function aboveMaxError(qty: string, unit: SizeUnit, max: SizeMax | undefined, meta: SizeMeta): string | undefined {
  if (!max || max.unit !== unit || !isDecimalString(max.value) || !isDecimalString(qty.trim())) return undefined;
  if (compareDecimal(qty.trim(), max.value) <= 0) return undefined;
  // Said as the form's Max line shows it (lib/format/market-format's coinScaleOnMarket), so the two read alike.
  const coin = unitCoin(meta, unit);
  return `Above the maximum of ${formatDecimal(max.value, { scale: coinScaleOnMarket(meta, coin) })} ${coin}`;
}

/**
 * `percent` of the maximum, rounded down: to the quote precision for an amount, to the lot
 * for a base quantity (lib/instruments/qty-presets). Empty when the maximum is unknown or the result is nothing.
 */
export function presetSize(max: SizeMax | undefined, percent: number, meta: SizeMeta): string {
  if (!max || !isDecimalString(max.value) || !Number.isInteger(percent) || percent <= 0 || percent > 100) return '';
  if (max.unit === 'quote') {
    const qs = quoteScaleOf(meta);
    const units = (toScaled(max.value, qs, { rounding: 'down' }) * BigInt(percent)) / 100n;
    return units > 0n ? fromScaled(units, qs, { trim: true }) : '';
  }
  return presetQty(max.value, percent, meta);
}

/** The smallest quote amount step ("0.00000001" for 8 decimals). */
export function amountStep(meta: Pick<InstrumentMeta, 'quoteScale' | 'priceScale'>): string {
  return fromScaled(1n, quoteScaleOf(meta));
}

/** A rate as a percentage, exactly: "0.001" -> "0.1%", "0.0002" -> "0.02%". */
export function ratePercent(rate: string): string {
  if (!isDecimalString(rate)) return rate;
  const scale = Math.max(scaleOf(rate), 2);
  return `${fromScaled(toScaled(rate, scale), scale - 2, { trim: true })}%`;
}
