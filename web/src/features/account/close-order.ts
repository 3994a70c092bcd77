// The order that closes (part of) a position: the opposite side, reduceOnly, and in hedge
// mode the position's posSide (spec 4.5 place-order). Quantity and price are checked
// against the instrument's lot and tick before anything is sent.
import { DecimalError, toScaled } from '@contract/core/decimal';
import type { Position } from '@contract/schemas/account';
import type { PlaceOrderRequest } from '@contract/schemas/orders';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';

export interface CloseForm {
  orderType: 'market' | 'limit';
  qty: string;
  price: string;
}

export type CloseCheck = { ok: true; body: PlaceOrderRequest } | { ok: false; field: 'qty' | 'price'; message: string };

function parse(value: string, scale: number, field: 'qty' | 'price'): bigint | { field: 'qty' | 'price'; message: string } {
  try {
    return toScaled(value.trim(), scale, { field });
  } catch (e) {
    if (e instanceof DecimalError) {
      return { field, message: e.reason === 'too_many_decimals' ? `at most ${scale} decimals` : 'must be a positive number such as 0.01' };
    }
    throw e;
  }
}

export function closeOrder(position: Position, form: CloseForm, meta: InstrumentMeta, hedge: boolean): CloseCheck {
  const qty = parse(form.qty, meta.sizeScale, 'qty');
  if (typeof qty !== 'bigint') return { ok: false, ...qty };
  const held = toScaled(position.available || position.total, meta.sizeScale, { rounding: 'down' });
  if (qty <= 0n) return { ok: false, field: 'qty', message: 'must be greater than zero' };
  if (qty % meta.lot !== 0n) return { ok: false, field: 'qty', message: `must be a multiple of the lot ${meta.lotSize}` };
  if (qty > held) return { ok: false, field: 'qty', message: `must not exceed the closable size ${position.available || position.total}` };
  const body: PlaceOrderRequest = {
    category: 'usdt-futures',
    symbol: position.symbol,
    orderType: form.orderType,
    side: position.posSide === 'short' ? 'buy' : 'sell',
    qty: form.qty.trim(),
    reduceOnly: 'yes',
    ...(hedge ? { posSide: position.posSide === 'short' ? 'short' : 'long' } : {}),
  };
  if (form.orderType === 'market') return { ok: true, body };
  const price = parse(form.price, meta.priceScale, 'price');
  if (typeof price !== 'bigint') return { ok: false, ...price };
  if (price <= 0n) return { ok: false, field: 'price', message: 'must be greater than zero' };
  if (price % meta.tick !== 0n) return { ok: false, field: 'price', message: `must be a multiple of the tick ${meta.tickSize}` };
  return { ok: true, body: { ...body, price: form.price.trim(), timeInForce: 'gtc' } };
}
