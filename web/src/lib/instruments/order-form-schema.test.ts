import { describe, expect, it } from 'vitest';
import { btcPerp, btcSpot } from './instrument-fixtures.test-support';
import { instrumentMeta, type InstrumentMeta } from './instrument-meta';
import { validateOrderForm, type OrderFormValues } from './order-form-schema';

const spot = instrumentMeta(btcSpot) as InstrumentMeta;
const perp = instrumentMeta(btcPerp) as InstrumentMeta;

const base: OrderFormValues = {
  side: 'buy',
  orderType: 'limit',
  price: '43000.12',
  qty: '0.0101',
  timeInForce: 'gtc',
  reduceOnly: false,
  posSide: '',
  stpMode: '',
  clientOid: 'desk-abc',
};
const oneWay = { meta: spot, holdMode: 'one_way_mode' as const };

describe('instrumentMeta', () => {
  it('turns tick and lot into exact fixed-point steps', () => {
    expect(spot).toMatchObject({ priceScale: 2, sizeScale: 4, tick: 1n, lot: 1n, minQty: 1n, category: 'spot' });
    expect(perp).toMatchObject({ priceScale: 1, sizeScale: 3, tick: 5n, lot: 1n, category: 'usdt-futures' });
  });
});

describe('validateOrderForm', () => {
  it('builds the place-order body of a valid limit order, strings only', () => {
    const r = validateOrderForm(base, oneWay);
    expect(r).toEqual({
      ok: true,
      order: { category: 'spot', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '43000.12', qty: '0.0101', timeInForce: 'gtc', clientOid: 'desk-abc' },
    });
  });

  it('rejects a price finer than the tick, naming the price field', () => {
    const r = validateOrderForm({ ...base, price: '43000.125' }, oneWay);
    expect(r).toEqual({ ok: false, errors: { price: expect.stringContaining('multiple of 0.01') } });
  });

  it('rejects a price that is not a multiple of a tick of 0.5', () => {
    const r = validateOrderForm({ ...base, price: '43000.3', qty: '0.01' }, { meta: perp, holdMode: 'one_way_mode' });
    expect(r.ok ? null : r.errors.price).toBe('Price must be a multiple of 0.5');
    expect(validateOrderForm({ ...base, price: '43000.5', qty: '0.01' }, { meta: perp, holdMode: 'one_way_mode' }).ok).toBe(true);
  });

  it('rejects a quantity finer than the lot and one below the minimum', () => {
    const fine = validateOrderForm({ ...base, qty: '0.00015' }, oneWay);
    expect(fine.ok ? null : fine.errors.qty).toMatch(/multiple of 0\.0001/);
    const small = validateOrderForm({ ...base, price: '100000', qty: '0.01' }, { meta: perp, holdMode: 'one_way_mode' });
    expect(small.ok).toBe(true);
    const below = validateOrderForm({ ...base, qty: '0.0005', price: '43000.5' }, { meta: perp, holdMode: 'one_way_mode' });
    expect(below.ok ? null : below.errors.qty).toMatch(/multiple of 0\.001|at least 0\.001/);
  });

  it('rejects a quantity above the instrument maximum', () => {
    const r = validateOrderForm({ ...base, qty: '100.0001' }, oneWay);
    expect(r.ok ? null : r.errors.qty).toBe('Quantity must be at most 100 BTC');
  });

  it('rejects an order worth less than the minimum amount', () => {
    const r = validateOrderForm({ ...base, price: '100.00', qty: '0.0400' }, oneWay);
    expect(r.ok ? null : r.errors.qty).toBe('Order value must be at least 5 USDT');
    expect(validateOrderForm({ ...base, price: '100.00', qty: '0.0500' }, oneWay).ok).toBe(true);
  });

  it('requires a price for a limit order but ignores it for a market order', () => {
    expect(validateOrderForm({ ...base, price: '' }, oneWay)).toEqual({ ok: false, errors: { price: 'Price is required' } });
    const r = validateOrderForm({ ...base, orderType: 'market', price: 'junk' }, oneWay);
    expect(r.ok && r.order).toEqual({ category: 'spot', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.0101', clientOid: 'desk-abc' });
  });

  it('refuses post-only on a market order', () => {
    const r = validateOrderForm({ ...base, orderType: 'market', timeInForce: 'post_only' }, oneWay);
    expect(r.ok ? null : r.errors.timeInForce).toMatch(/only to limit/);
  });

  it('rejects malformed and non-positive numbers with a readable message', () => {
    expect(validateOrderForm({ ...base, qty: '1e3' }, oneWay)).toMatchObject({ ok: false, errors: { qty: expect.stringMatching(/must be a number/) } });
    expect(validateOrderForm({ ...base, qty: '0' }, oneWay)).toMatchObject({ ok: false, errors: { qty: 'Quantity must be greater than zero' } });
    expect(validateOrderForm({ ...base, price: '-1' }, oneWay)).toMatchObject({ ok: false, errors: { price: 'Price must be greater than zero' } });
  });

  it('validates the clientOid against the spec 8 charset and length', () => {
    expect(validateOrderForm({ ...base, clientOid: 'bad?oid' }, oneWay)).toMatchObject({ ok: false, errors: { clientOid: expect.any(String) } });
    expect(validateOrderForm({ ...base, clientOid: 'x'.repeat(33) }, oneWay)).toMatchObject({ ok: false, errors: { clientOid: expect.any(String) } });
    expect(validateOrderForm({ ...base, clientOid: 'a_b:c#d-e+f g' }, oneWay).ok).toBe(true);
  });

  it('requires posSide in hedge mode on futures and sends reduceOnly there only', () => {
    const hedge = { meta: perp, holdMode: 'hedge_mode' as const };
    const values = { ...base, price: '43000.5', qty: '0.010' };
    expect(validateOrderForm(values, hedge)).toMatchObject({ ok: false, errors: { posSide: expect.stringContaining('hedge') } });
    const r = validateOrderForm({ ...values, posSide: 'short', reduceOnly: true, stpMode: 'cancel_both' }, hedge);
    expect(r.ok && r.order).toMatchObject({ posSide: 'short', reduceOnly: 'yes', stpMode: 'cancel_both', category: 'usdt-futures', qty: '0.010' });
    const spotOrder = validateOrderForm({ ...base, reduceOnly: true, posSide: 'long' }, oneWay);
    expect(spotOrder.ok && spotOrder.order).not.toHaveProperty('reduceOnly');
    expect(spotOrder.ok && spotOrder.order).not.toHaveProperty('posSide');
  });
});

describe('validateOrderForm: TP/SL presets', () => {
  const futures = { meta: perp, holdMode: 'one_way_mode' as const };
  const long = { ...base, price: '43000', qty: '0.01' };

  it('sends a buy’s take-profit above and stop-loss below its price, closing at market on the chosen trigger', () => {
    const r = validateOrderForm({ ...long, takeProfit: '45000', stopLoss: '41000.5', tpslTriggerBy: 'mark' }, futures);
    expect(r.ok && r.order).toMatchObject({ takeProfit: '45000.0', tpTriggerBy: 'mark', tpOrderType: 'market', stopLoss: '41000.5', slTriggerBy: 'mark', slOrderType: 'market' });
  });

  it('takes one leg alone, on the last price by default', () => {
    const r = validateOrderForm({ ...long, side: 'sell', stopLoss: '44000' }, futures);
    expect(r.ok && r.order).toMatchObject({ stopLoss: '44000.0', slTriggerBy: 'market' });
    expect(r.ok && 'takeProfit' in r.order).toBe(false);
  });

  it('refuses a take-profit on the losing side of the order price, naming the field', () => {
    expect(validateOrderForm({ ...long, takeProfit: '42000' }, futures)).toEqual({ ok: false, errors: { takeProfit: 'Take profit must be above the order price for a buy' } });
    expect(validateOrderForm({ ...long, side: 'sell', stopLoss: '42000' }, futures)).toEqual({ ok: false, errors: { stopLoss: 'Stop loss must be above the order price for a sell' } });
  });

  it('sends a limit leg with its execution price, which the exchange requires with tpOrderType limit', () => {
    const r = validateOrderForm({ ...long, takeProfit: '45000', tpLimitPrice: '44990', stopLoss: '41000' }, futures);
    expect(r.ok && r.order).toMatchObject({ takeProfit: '45000.0', tpOrderType: 'limit', tpLimitPrice: '44990.0', stopLoss: '41000.0', slOrderType: 'market' });
    expect(r.ok && 'slLimitPrice' in r.order).toBe(false);
  });

  it('refuses a limit price off the tick, naming its own field', () => {
    expect(validateOrderForm({ ...long, stopLoss: '41000', slLimitPrice: '40999.9' }, futures)).toEqual({ ok: false, errors: { slLimitPrice: 'SL limit price must be a multiple of 0.5' } });
  });

  it('refuses a trigger price off the tick, on spot, or on a reduce-only order', () => {
    expect(validateOrderForm({ ...long, takeProfit: '45000.2' }, futures)).toEqual({ ok: false, errors: { takeProfit: 'Take profit must be a multiple of 0.5' } });
    expect(validateOrderForm({ ...base, takeProfit: '45000' }, oneWay)).toEqual({ ok: false, errors: { takeProfit: 'Take profit applies only to futures orders' } });
    expect(validateOrderForm({ ...long, reduceOnly: true, stopLoss: '41000' }, futures)).toEqual({ ok: false, errors: { stopLoss: 'Stop loss applies to an order that opens a position, not a reduce-only one' } });
  });
});
