import { describe, expect, it } from 'vitest';
import type { Position } from '@contract/schemas/account';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { position as basePosition } from '@web/lib/account-data/account-fixtures.test-support';
import { closeOrder } from './close-order';

const meta: InstrumentMeta = {
  symbol: 'BTCUSDT',
  category: 'usdt-futures',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  priceScale: 1,
  sizeScale: 3,
  tickSize: '0.1',
  tick: 1n,
  lotSize: '0.001',
  lot: 1n,
  minQty: 1n,
  maxQty: 1_200_000n,
  minAmount: '5',
  maxLeverage: '125',
  tradable: true,
};

// The shared open long, with the size written at the instrument's three decimals.
const position = (over: Partial<Position> = {}): Position => basePosition({ available: '0.010', total: '0.010', ...over });

describe('closeOrder', () => {
  it('closes a long with a reduce-only market sell and no posSide in one-way mode', () => {
    expect(closeOrder(position(), { orderType: 'market', qty: '0.010', price: '' }, meta, false)).toEqual({
      ok: true,
      body: { category: 'usdt-futures', symbol: 'BTCUSDT', orderType: 'market', side: 'sell', qty: '0.010', reduceOnly: 'yes' },
    });
  });

  it('closes a short with a reduce-only limit buy carrying posSide short in hedge mode', () => {
    const check = closeOrder(position({ posSide: 'short' }), { orderType: 'limit', qty: '0.005', price: '64000.5' }, meta, true);
    expect(check).toEqual({
      ok: true,
      body: { category: 'usdt-futures', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.005', reduceOnly: 'yes', posSide: 'short', price: '64000.5', timeInForce: 'gtc' },
    });
  });

  it('refuses more than the closable size, naming the quantity', () => {
    expect(closeOrder(position({ available: '0.004' }), { orderType: 'market', qty: '0.005', price: '' }, meta, false)).toMatchObject({ ok: false, field: 'qty' });
  });

  it('refuses a quantity off the lot and a price off the tick', () => {
    expect(closeOrder(position(), { orderType: 'market', qty: '0.0015', price: '' }, meta, false)).toMatchObject({ ok: false, field: 'qty', message: 'at most 3 decimals' });
    expect(closeOrder(position(), { orderType: 'limit', qty: '0.001', price: '64000.55' }, meta, false)).toMatchObject({ ok: false, field: 'price' });
  });

  it('refuses a float-looking or empty quantity and a limit without price', () => {
    expect(closeOrder(position(), { orderType: 'market', qty: '1e-3', price: '' }, meta, false)).toMatchObject({ ok: false, field: 'qty' });
    expect(closeOrder(position(), { orderType: 'market', qty: '0', price: '' }, meta, false)).toMatchObject({ ok: false, field: 'qty' });
    expect(closeOrder(position(), { orderType: 'limit', qty: '0.001', price: '' }, meta, false)).toMatchObject({ ok: false, field: 'price' });
  });
});
