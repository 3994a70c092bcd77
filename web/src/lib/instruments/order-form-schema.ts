// The order form's schema, built from the instrument's tick and lot (after vegaprotocol's
// ticket schemas): whatever passes it is an order the exchange will not reject for its
// shape. Each problem names its field, so the form shows it next to that field.
import { z } from 'zod';
import { DecimalError, fromScaled, mulScaled, scaleOf, toScaled } from '@contract/decimal';
import { CLIENT_OID_RE, holdModes, orderTypes, posSides, sides, stpModes, timeInForces } from '@contract/schemas/common';
import { placeOrderRequest, type PlaceOrderRequest } from '@contract/schemas/orders';
import { triggerBys } from '@contract/schemas/tpsl';
import { isDerivative, type InstrumentMeta } from './instrument-meta';

/** What the form holds: the text of each input, exactly as typed. */
export const orderFormValues = z.object({
  side: z.enum(sides),
  orderType: z.enum(orderTypes),
  price: z.string(),
  qty: z.string(),
  /**
   * The coin `qty` is typed in. A spot or margin market buy's qty is the quote amount to
   * spend (trade.md, place-order `qty`), so there 'quote' sends it as typed; 'base' is a
   * quantity the form converts at the best ask before sending. Everywhere else (and when absent): 'base'.
   */
  sizeUnit: z.enum(['base', 'quote']).optional(),
  timeInForce: z.enum(timeInForces),
  reduceOnly: z.boolean(),
  posSide: z.union([z.enum(posSides), z.literal('')]),
  /** '' = the account's default (spec 3.3). */
  stpMode: z.union([z.enum(stpModes), z.literal('')]),
  clientOid: z.string(),
  /**
   * Futures TP/SL presets (trade.md place-order `takeProfit`, `stopLoss`): trigger prices as
   * typed, '' for none. Once the order fills, the exchange closes the position at market
   * when the chosen price (`tpslTriggerBy`: last or mark) reaches one of them.
   */
  takeProfit: z.string().optional(),
  stopLoss: z.string().optional(),
  tpslTriggerBy: z.enum(triggerBys).optional(),
});
export type OrderFormValues = z.infer<typeof orderFormValues>;
export type OrderFormField = keyof OrderFormValues;
export type OrderFormErrors = Partial<Record<OrderFormField, string>>;

export interface OrderFormContext {
  meta: InstrumentMeta;
  holdMode: (typeof holdModes)[number];
}

export type OrderFormResult = { ok: true; order: PlaceOrderRequest } | { ok: false; errors: OrderFormErrors };

/** Checks the form against the instrument and returns the place-order body, or the errors by field. */
export function validateOrderForm(values: OrderFormValues, ctx: OrderFormContext): OrderFormResult {
  const { meta } = ctx;
  const errors: OrderFormErrors = {};
  const derivative = isDerivative(meta.category);
  const limit = values.orderType === 'limit';

  const price = limit ? checkStep(values.price.trim(), 'Price', meta.priceScale, meta.tick, meta.tickSize) : undefined;
  if (price && !price.ok) errors.price = price.error;

  const quoteSized = isQuoteSized(values, meta);
  const quoteScale = meta.quoteScale ?? meta.priceScale;
  const qty = quoteSized ? checkStep(values.qty.trim(), 'Amount', quoteScale, 1n, fromScaled(1n, quoteScale)) : checkStep(values.qty.trim(), 'Quantity', meta.sizeScale, meta.lot, meta.lotSize);
  if (!qty.ok) {
    errors.qty = qty.error;
  } else if (quoteSized) {
    if (/[1-9]/.test(meta.minAmount) && qty.units < toScaled(meta.minAmount, quoteScale, { rounding: 'up' })) errors.qty = `Amount must be at least ${meta.minAmount} ${meta.quoteCoin}`;
  } else if (qty.units < meta.minQty) {
    errors.qty = `Quantity must be at least ${fromScaled(meta.minQty, meta.sizeScale, { trim: true })} ${meta.baseCoin}`;
  } else if (meta.maxQty > 0n && qty.units > meta.maxQty) {
    errors.qty = `Quantity must be at most ${fromScaled(meta.maxQty, meta.sizeScale, { trim: true })} ${meta.baseCoin}`;
  } else if (price?.ok && !meetsMinAmount(price.units, qty.units, meta)) {
    errors.qty = `Order value must be at least ${meta.minAmount} ${meta.quoteCoin}`;
  }

  if (!limit && values.timeInForce !== 'gtc') {
    // A market order is immediate by nature; only gtc/ioc/fok make sense and post_only never does.
    if (values.timeInForce === 'post_only') errors.timeInForce = 'Post-only applies only to limit orders';
  }

  const hedge = derivative && ctx.holdMode === 'hedge_mode';
  if (hedge && values.posSide === '') errors.posSide = 'Choose long or short (the account is in hedge mode)';

  const tpsl = checkTpsl(values, meta, price?.ok ? price.units : undefined);
  Object.assign(errors, tpsl.errors);

  const clientOid = values.clientOid;
  if (clientOid !== '' && !CLIENT_OID_RE.test(clientOid)) {
    errors.clientOid = 'Client order ID must be 1 to 32 characters: digits, letters, and _ : # - + or spaces';
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const body: Record<string, string> = {
    category: meta.category,
    symbol: meta.symbol,
    side: values.side,
    orderType: values.orderType,
    qty: quoteSized ? fromScaled((qty as { units: bigint }).units, quoteScale, { trim: true }) : fromScaled((qty as { units: bigint }).units, meta.sizeScale),
  };
  if (limit && price?.ok) {
    body.price = fromScaled(price.units, meta.priceScale);
    body.timeInForce = values.timeInForce;
  } else if (values.timeInForce === 'ioc' || values.timeInForce === 'fok') {
    body.timeInForce = values.timeInForce;
  }
  if (derivative) body.reduceOnly = values.reduceOnly ? 'yes' : 'no';
  if (hedge && values.posSide !== '') body.posSide = values.posSide;
  if (values.stpMode !== '') body.stpMode = values.stpMode;
  if (clientOid !== '') body.clientOid = clientOid;
  Object.assign(body, tpsl.fields);

  // The contract's own request schema is the last word: if the two ever disagree the
  // form refuses rather than sending something the proxy would reject.
  const parsed = placeOrderRequest.safeParse(body);
  if (!parsed.success) {
    const out: OrderFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'qty') as OrderFormField;
      out[field in values ? field : 'qty'] ??= `${String(issue.path[0] ?? 'order')} ${issue.message}`;
    }
    return { ok: false, errors: out };
  }
  return { ok: true, order: parsed.data };
}

/**
 * The TP/SL presets: each on the tick, only on a futures order that opens (not reduce-only),
 * and on the profitable (TP) or losing (SL) side of a limit order's price. A market order's
 * fill price is not known yet: the exchange checks it against the price then.
 */
function checkTpsl(values: OrderFormValues, meta: InstrumentMeta, priceUnits: bigint | undefined): { errors: OrderFormErrors; fields: Record<string, string> } {
  const errors: OrderFormErrors = {};
  const fields: Record<string, string> = {};
  const legs = [
    { field: 'takeProfit', label: 'Take profit', text: values.takeProfit?.trim() ?? '' },
    { field: 'stopLoss', label: 'Stop loss', text: values.stopLoss?.trim() ?? '' },
  ] as const;
  if (legs.every((l) => l.text === '')) return { errors, fields };
  if (!isDerivative(meta.category)) {
    for (const l of legs) if (l.text !== '') errors[l.field] = `${l.label} applies only to futures orders`;
    return { errors, fields };
  }
  if (values.reduceOnly) {
    for (const l of legs) if (l.text !== '') errors[l.field] = `${l.label} applies to an order that opens a position, not a reduce-only one`;
    return { errors, fields };
  }
  const triggerBy = values.tpslTriggerBy ?? 'market';
  const long = values.side === 'buy';
  for (const l of legs) {
    if (l.text === '') continue;
    const step = checkStep(l.text, l.label, meta.priceScale, meta.tick, meta.tickSize);
    if (!step.ok) {
      errors[l.field] = step.error;
      continue;
    }
    const price = fromScaled(step.units, meta.priceScale);
    // A long profits above its entry and loses below; a short the other way round.
    const above = l.field === 'takeProfit' ? long : !long;
    if (priceUnits !== undefined && (above ? step.units <= priceUnits : step.units >= priceUnits)) {
      errors[l.field] = `${l.label} must be ${above ? 'above' : 'below'} the order price for a ${long ? 'buy' : 'sell'}`;
      continue;
    }
    if (l.field === 'takeProfit') Object.assign(fields, { takeProfit: price, tpTriggerBy: triggerBy, tpOrderType: 'market' });
    else Object.assign(fields, { stopLoss: price, slTriggerBy: triggerBy, slOrderType: 'market' });
  }
  return { errors, fields };
}

/** A trigger or limit price as typed: positive, on the instrument's tick; the text to send, or why not. */
export function checkTickPrice(text: string, label: string, meta: InstrumentMeta): { ok: true; price: string } | { ok: false; error: string } {
  const step = checkStep(text.trim(), label, meta.priceScale, meta.tick, meta.tickSize);
  return step.ok ? { ok: true, price: fromScaled(step.units, meta.priceScale) } : step;
}

/** A spot or margin market buy typed in the quote coin: its qty is the amount to spend. */
export function isQuoteSized(values: Pick<OrderFormValues, 'side' | 'orderType' | 'sizeUnit'>, meta: Pick<InstrumentMeta, 'category'>): boolean {
  return !isDerivative(meta.category) && values.orderType === 'market' && values.side === 'buy' && values.sizeUnit === 'quote';
}

type Step = { ok: true; units: bigint } | { ok: false; error: string };

/** A positive decimal at most `scale` decimals that is a whole multiple of `step` units. */
function checkStep(text: string, label: string, scale: number, step: bigint, stepText: string): Step {
  if (text === '') return { ok: false, error: `${label} is required` };
  let units: bigint;
  try {
    units = toScaled(text, scale, { field: label });
  } catch (e) {
    if (e instanceof DecimalError && e.reason === 'too_many_decimals') {
      return { ok: false, error: `${label} must be a multiple of ${stepText} (at most ${scale} decimals)` };
    }
    if (e instanceof DecimalError && e.reason === 'negative') return { ok: false, error: `${label} must be greater than zero` };
    return { ok: false, error: `${label} must be a number such as ${stepText}` };
  }
  if (units <= 0n) return { ok: false, error: `${label} must be greater than zero` };
  if (units % step !== 0n) return { ok: false, error: `${label} must be a multiple of ${stepText}` };
  return { ok: true, units };
}

function meetsMinAmount(priceUnits: bigint, qtyUnits: bigint, meta: InstrumentMeta): boolean {
  if (!/[1-9]/.test(meta.minAmount)) return true;
  const amountScale = scaleOf(meta.minAmount);
  const notional = mulScaled(priceUnits, meta.priceScale, qtyUnits, meta.sizeScale, amountScale, 'down');
  return notional >= toScaled(meta.minAmount, amountScale);
}
