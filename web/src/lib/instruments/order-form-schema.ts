// The order form's schema, built from the instrument's tick and lot (after vegaprotocol's
// ticket schemas): whatever passes it is an order the exchange will not reject for its
// shape. Each problem names its field, so the form shows it next to that field.
import { z } from 'zod';
import { DecimalError, fromScaled, mulScaled, scaleOf, toScaled } from '@contract/core/decimal';
import { CLIENT_OID_RE, holdModes, orderTypes, posSides, sides, stpModes, timeInForces } from '@contract/schemas/common';
import { placeOrderRequest, type PlaceOrderRequest } from '@contract/schemas/orders';
import { triggerBys, type TriggerBy } from '@contract/schemas/tpsl';
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
  /** The price a triggered TP or SL executes at as a limit order; '' or absent: at market. */
  tpLimitPrice: z.string().optional(),
  slLimitPrice: z.string().optional(),
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
  const draft: TpslDraft = { takeProfit: values.takeProfit ?? '', stopLoss: values.stopLoss ?? '', triggerBy: values.tpslTriggerBy ?? 'market', tpLimitPrice: values.tpLimitPrice ?? '', slLimitPrice: values.slLimitPrice ?? '' };
  const given = tpslLegs.filter((l) => draft[l.field].trim() !== '' || (draft[l.limitField] ?? '').trim() !== '');
  if (given.length === 0) return { errors: {}, fields: {} };
  const refuse = (why: string) => ({ errors: Object.fromEntries(given.map((l) => [l.field, `${l.label} ${why}`])) as OrderFormErrors, fields: {} });
  if (!isDerivative(meta.category)) return refuse('applies only to futures orders');
  if (values.reduceOnly) return refuse('applies to an order that opens a position, not a reduce-only one');
  return tpslRequestFields(draft, meta, priceUnits === undefined ? undefined : { long: values.side === 'buy', priceUnits });
}

/**
 * What a trader types for a take-profit and a stop-loss: trigger prices as text ('' for
 * none), the price they watch, and for each an optional limit price it then executes at
 * ('' or absent: at market).
 */
export interface TpslDraft {
  takeProfit: string;
  stopLoss: string;
  triggerBy: TriggerBy;
  tpLimitPrice?: string;
  slLimitPrice?: string;
}

export type TpslField = 'takeProfit' | 'stopLoss' | 'tpLimitPrice' | 'slLimitPrice';

const tpslLegs = [
  { field: 'takeProfit', limitField: 'tpLimitPrice', label: 'Take profit', limitLabel: 'TP limit price', orderFields: ['takeProfit', 'tpTriggerBy', 'tpOrderType'] },
  { field: 'stopLoss', limitField: 'slLimitPrice', label: 'Stop loss', limitLabel: 'SL limit price', orderFields: ['stopLoss', 'slTriggerBy', 'slOrderType'] },
] as const;

/**
 * The TP/SL fields of a request (place-order presets, a strategy order): each trigger price
 * given, on the tick, watching the chosen price, and closing at market or, when its limit
 * price is given, as a limit order at that price (on the tick too). With `entry` (a limit
 * order's price and side), each trigger must lie on its side of it: a long profits above
 * and loses below.
 */
export function tpslRequestFields(draft: TpslDraft, meta: InstrumentMeta, entry?: { long: boolean; priceUnits: bigint }): { errors: Partial<Record<TpslField, string>>; fields: Record<string, string> } {
  const errors: Partial<Record<TpslField, string>> = {};
  const fields: Record<string, string> = {};
  for (const l of tpslLegs) {
    const text = draft[l.field].trim();
    const limitText = (draft[l.limitField] ?? '').trim();
    const limit = limitText === '' ? undefined : checkStep(limitText, l.limitLabel, meta.priceScale, meta.tick, meta.tickSize);
    if (limit && !limit.ok) errors[l.limitField] = limit.error;
    if (text === '') {
      if (limit) errors[l.limitField] = `${l.limitLabel} needs a ${l.label.toLowerCase()} trigger price`;
      continue;
    }
    const step = checkStep(text, l.label, meta.priceScale, meta.tick, meta.tickSize);
    if (!step.ok) {
      errors[l.field] = step.error;
      continue;
    }
    const above = l.field === 'takeProfit' ? entry?.long : !entry?.long;
    if (entry && (above ? step.units <= entry.priceUnits : step.units >= entry.priceUnits)) {
      errors[l.field] = `${l.label} must be ${above ? 'above' : 'below'} the order price for a ${entry.long ? 'buy' : 'sell'}`;
      continue;
    }
    if (limit && !limit.ok) continue;
    const [priceField, byField, typeField] = l.orderFields;
    Object.assign(fields, { [priceField]: fromScaled(step.units, meta.priceScale), [byField]: draft.triggerBy, [typeField]: limit ? 'limit' : 'market' });
    if (limit) fields[l.limitField] = fromScaled(limit.units, meta.priceScale);
  }
  return { errors, fields };
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
