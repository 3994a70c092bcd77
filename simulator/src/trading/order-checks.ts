// Entry checks of one order against its instrument (spec 4.5 place-order, spec 8):
// price on the tick, quantity on the lot, within the minimum and maximum. Pure: they turn
// decimal strings into integer ticks and lots or raise the exchange's error.
import { DecimalError, toScaled, toTicks } from '@contract/core/decimal';
import type { Instrument } from '../instruments/instrument-registry';
import { MONEY_SCALE, ONE } from '../core/money';
import { POW10 } from '../core/scaled-text';
import { paramError, SimError } from '../core/sim-error';

export function priceTicksOf(inst: Instrument, price: string): number {
  try {
    return toTicks(price, inst.priceScale, { field: 'price' });
  } catch (e) {
    if (e instanceof DecimalError && e.reason === 'too_many_decimals') {
      throw new SimError('25244', { detail: inst.tickSize });
    }
    throw paramError('price', `${price} is out of range`);
  }
}

export function lotsOf(inst: Instrument, qty: string): number {
  let lots: number;
  try {
    lots = toTicks(qty, inst.qtyScale, { field: 'qty' });
  } catch (e) {
    if (e instanceof DecimalError && e.reason === 'too_many_decimals') {
      // The exchange documents no code of its own for this: a parameter error naming qty.
      throw paramError('qty', `${qty} is not a multiple of the lot size ${inst.lotSize}`);
    }
    throw new SimError('25208', { detail: inst.maxOrderQty });
  }
  if (lots < inst.minLots) throw new SimError('25207', { detail: `${inst.minOrderQty} ${inst.baseCoin}` });
  if (lots > inst.maxLots) throw new SimError('25208', { detail: `${inst.maxOrderQty} ${inst.baseCoin}` });
  return lots;
}

/** A spot market buy's quote amount, in money units, on the quote precision and above the minimum value. */
export function quoteAmountOf(inst: Instrument, qty: string): bigint {
  let scaled: bigint;
  try {
    scaled = toScaled(qty, inst.quoteScale, { field: 'qty' });
  } catch {
    throw paramError('qty', `${qty} has more than ${inst.quoteScale} decimals of ${inst.quoteCoin}`);
  }
  const amount = scaled * 10n ** BigInt(18 - inst.quoteScale);
  if (amount < inst.minAmountMoney) throw new SimError('25207', { detail: `${inst.minOrderAmount} ${inst.quoteCoin} of order value` });
  return amount;
}

/** Order value (price x quantity) in money units. */
export function valueOf(inst: Instrument, priceTicks: number | bigint, lots: number): bigint {
  // ticks x lots in units of the price and quantity scales, while that is a safe integer:
  // then the money value is that times 10^(18 - scales), exactly what the bigint sum gives.
  const shift = MONEY_SCALE - inst.priceScale - inst.qtyScale;
  if (typeof priceTicks === 'number' && shift >= 0) {
    const units = priceTicks * inst.tickUnits * lots * inst.lotUnits;
    if (Number.isSafeInteger(units)) return BigInt(units) * POW10[shift]!;
  }
  return (BigInt(priceTicks) * inst.tickMoney * BigInt(lots) * inst.lotMoney) / ONE;
}

export function requireMinValue(inst: Instrument, priceTicks: number, lots: number): void {
  if (valueOf(inst, priceTicks, lots) < inst.minAmountMoney) {
    throw new SimError('25207', { detail: `${inst.minOrderAmount} ${inst.quoteCoin} of order value` });
  }
}
