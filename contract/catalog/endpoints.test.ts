import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointList, endpoints, findEndpoint, permissions, rolePermissions } from './endpoints';
import { check } from '../core/validation';

// Every path of spec sections 4.1 to 4.5, as the spec writes them.
const specRoutes = [
  'GET /api/v2/earn/loan/revise-history',
  'POST /api/v2/broker/account/set-subaccount-autotransfer',
  'GET /api/v2/earn/savings/redeem-result',
  'POST /api/v2/convert/native-convert',
  'GET /api/v3/public/instruments',
  'GET /api/v3/account/settings',
  'POST /api/v3/account/set-hold-mode',
  'POST /api/v3/account/set-leverage',
  'GET /api/v3/trade/unfilled-orders',
  'GET /api/v3/trade/history-orders',
  'GET /api/v3/trade/fills',
  'GET /api/v3/account/financial-records',
  'POST /api/v3/trade/place-order',
  'POST /api/v3/trade/modify-order',
  'POST /api/v3/trade/cancel-order',
  'POST /api/v3/trade/place-batch',
  'POST /api/v3/trade/batch-modify-order',
  'POST /api/v3/trade/cancel-batch',
  'GET /api/v3/account/assets',
  'GET /api/v3/account/funding-assets',
  'POST /api/v3/account/max-open-available',
  'GET /api/v3/account/max-transferable',
  'GET /api/v3/position/current-position',
];

// Endpoints the desk needs beyond the spec (issue 20: the broker's sub-account list).
// Beyond section 4: public-API endpoints later issues added (broker sub-accounts, loan reads).
const extraRoutes = [
  'GET /api/v2/broker/account/subaccount-list',
  'GET /api/v2/earn/loan/ongoing-orders',
  'GET /api/v2/earn/loan/borrow-history',
  // issue 19: the one-click risk controls (trade.md).
  'POST /api/v3/trade/cancel-symbol-order',
  'POST /api/v3/trade/close-positions',
  'POST /api/v3/trade/countdown-cancel-all',
  // issue 18: public market data (market-data.md).
  'GET /api/v3/market/tickers',
  'GET /api/v3/market/orderbook',
  'GET /api/v3/market/candles',
  'GET /api/v3/market/history-candles',
  'GET /api/v3/market/fills',
  'GET /api/v3/market/current-fund-rate',
  'GET /api/v3/market/history-fund-rate',
  'GET /api/v3/market/open-interest',
  // Strategy orders: take-profit / stop-loss and trigger orders (strategy.md).
  'POST /api/v3/trade/place-strategy-order',
  'POST /api/v3/trade/modify-strategy-order',
  'POST /api/v3/trade/cancel-strategy-order',
  'GET /api/v3/trade/unfilled-strategy-orders',
  'GET /api/v3/trade/history-strategy-orders',
];

describe('endpoint catalog', () => {
  it('has an entry for every path of spec sections 4.1 to 4.5', () => {
    for (const route of specRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      expect(findEndpoint(method, path), route).toBeDefined();
    }
    for (const route of extraRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      expect(findEndpoint(method, path), route).toBeDefined();
    }
    expect(endpointList).toHaveLength(specRoutes.length + extraRoutes.length);
  });

  it('agrees with the spec text itself when it is beside the repo', () => {
    const spec = fileURLToPath(new URL('../../shared/spec/exchange-interface.md', import.meta.url));
    if (!existsSync(spec)) return; // the hard-coded list above still holds every route
    const text = readFileSync(spec, 'utf8');
    const section4 = text.slice(text.indexOf('## 4. Endpoints'), text.indexOf('### 4.6'));
    const found = new Set<string>();
    for (const m of section4.matchAll(/###\s+4\.\d\s+(GET|POST)\s+(\/api\/\S+)/g)) found.add(`${m[1]} ${m[2]}`);
    for (const m of section4.matchAll(/^\|\s*(GET|POST)\s*\|\s*(\/api\/\S+)\s*\|/gm)) found.add(`${m[1]} ${m[2]}`);
    expect(found.size).toBe(specRoutes.length);
    for (const route of found) {
      const [method, path] = route.split(' ') as [string, string];
      expect(findEndpoint(method, path), route).toBeDefined();
    }
  });

  it('answers the public API alias of instruments and rejects other methods', () => {
    expect(findEndpoint('GET', '/api/v3/market/instruments')?.id).toBe('instruments');
    expect(findEndpoint('POST', '/api/v3/public/instruments')).toBeUndefined();
    // Node hands methods over upper case, but a caller's lower case still finds the route.
    expect(findEndpoint('get', '/api/v3/market/instruments')?.id).toBe('instruments');
    expect(findEndpoint('GET', '/api/v3/market/nothing')).toBeUndefined();
    expect(findEndpoint('GET', '/api/v2/spot/anything')).toBeUndefined();
  });

  it('documents 10 requests per second per UID on the four v2 endpoints (spec 8)', () => {
    const v2 = endpointList.filter((e) => ['reviseHistory', 'setSubaccountAutotransfer', 'redeemResult', 'nativeConvert'].includes(e.id));
    expect(v2).toHaveLength(4);
    for (const e of v2) expect(e.rateLimit).toMatchObject({ perSecond: 10, documented: true });
    // The broker docs give the sub-account list 1 request per second per UID.
    expect(endpoints.subaccountList.rateLimit).toMatchObject({ perSecond: 1, documented: true });
  });

  it('gives every v3 endpoint its documented limit, each its own budget (market-data, account, trade docs)', () => {
    const documentedLimits: Record<string, [number, 'uid' | 'ip']> = {
      instruments: [20, 'ip'],
      settings: [20, 'uid'],
      setHoldMode: [10, 'uid'],
      setLeverage: [10, 'uid'],
      unfilledOrders: [20, 'uid'],
      historyOrders: [20, 'uid'],
      fills: [20, 'uid'],
      financialRecords: [20, 'uid'],
      placeOrder: [10, 'uid'],
      modifyOrder: [10, 'uid'],
      cancelOrder: [10, 'uid'],
      placeBatch: [5, 'uid'],
      batchModifyOrder: [10, 'uid'],
      cancelBatch: [5, 'uid'],
      cancelSymbolOrder: [5, 'uid'],
      closePositions: [5, 'uid'],
      countdownCancelAll: [1, 'uid'],
      assets: [20, 'uid'],
      fundingAssets: [20, 'uid'],
      maxOpenAvailable: [5, 'uid'],
      maxTransferable: [3, 'uid'],
      currentPosition: [20, 'uid'],
      placeStrategyOrder: [10, 'uid'],
      modifyStrategyOrder: [10, 'uid'],
      cancelStrategyOrder: [10, 'uid'],
      unfilledStrategyOrders: [20, 'uid'],
      historyStrategyOrders: [20, 'uid'],
    };
    for (const [id, [perSecond, scope]] of Object.entries(documentedLimits)) {
      expect(endpoints[id as keyof typeof endpoints].rateLimit, id).toEqual({ perSecond, documented: true, group: id, scope });
    }
    // Entries added later follow the same rule: documented, a budget of their own.
    for (const e of endpointList.filter((x) => x.version === 'v3')) expect(e.rateLimit, e.id).toMatchObject({ documented: true, group: e.id });
    const groups = endpointList.map((e) => e.rateLimit.group);
    expect(new Set(groups).size).toBe(groups.length);
    expect(endpoints.instruments.upstreamPath).toBe('/api/v3/market/instruments');
  });

  it('marks state-changing operations as mutating and reads as not', () => {
    const mutating = endpointList.filter((e) => e.mutating).map((e) => e.id).sort();
    expect(mutating).toEqual(
      ['batchModifyOrder', 'cancelBatch', 'cancelOrder', 'cancelStrategyOrder', 'cancelSymbolOrder', 'closePositions', 'countdownCancelAll', 'modifyOrder', 'modifyStrategyOrder', 'nativeConvert', 'placeBatch', 'placeOrder', 'placeStrategyOrder', 'setHoldMode', 'setLeverage', 'setSubaccountAutotransfer'].sort(),
    );
    for (const e of endpointList) if (e.method === 'GET') expect(e.mutating, e.id).toBe(false);
  });

  it('gives every entry a known permission, and admin all of them', () => {
    for (const e of endpointList) expect(permissions).toContain(e.permission);
    expect(rolePermissions.admin).toEqual(permissions);
    expect(rolePermissions.viewer).not.toContain('trade.write');
    expect(rolePermissions.ops).toContain('earn.read');
    expect(rolePermissions.ops).not.toContain('trade.write');
    expect(rolePermissions.broker).toContain('broker.write');
  });
});

const order = { category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.01', price: '43000.1', timeInForce: 'gtc' };

describe('request schemas', () => {
  it('accepts a limit order and normalises the category to lower case', () => {
    const r = check(endpoints.placeOrder.request, order);
    expect(r).toMatchObject({ ok: true, data: { category: 'spot' } });
  });

  it('requires a price on a limit order, naming the field', () => {
    expect(check(endpoints.placeOrder.request, { ...order, price: undefined })).toMatchObject({ ok: false, field: 'price' });
  });

  it('rejects prices as numbers, exponents and negatives', () => {
    for (const price of [43000, '4.3e4', '-1', '0', '']) {
      expect(check(endpoints.placeOrder.request, { ...order, price }), String(price)).toMatchObject({ ok: false, field: 'price' });
    }
  });

  it('applies the clientOid rules of spec 8 and of the REST docs (their union)', () => {
    for (const good of ['a', 'A1_:#-+ x', 'x'.repeat(32), 'a.b', 'desk/1.2:x-y_z']) expect(check(endpoints.placeOrder.request, { ...order, clientOid: good }).ok, good).toBe(true);
    for (const bad of ['', 'x'.repeat(33), 'a,b', 'a?b', 'ü', "'; drop table"]) {
      expect(check(endpoints.placeOrder.request, { ...order, clientOid: bad }), bad).toMatchObject({ ok: false, field: 'clientOid' });
    }
  });

  it('rejects unknown fields, naming them', () => {
    expect(check(endpoints.placeOrder.request, { ...order, leverage: '10' })).toMatchObject({ ok: false, field: 'leverage', message: 'is not a known parameter' });
  });

  it('rejects a batch of 21 orders with a clear error, and an empty batch', () => {
    const r = check(endpoints.placeBatch.request, Array.from({ length: 21 }, () => order));
    expect(r).toMatchObject({ ok: false, message: 'must hold at most 20 orders' });
    expect(check(endpoints.placeBatch.request, []).ok).toBe(false);
    expect(check(endpoints.placeBatch.request, Array.from({ length: 20 }, () => order)).ok).toBe(true);
    expect(check(endpoints.cancelBatch.request, Array.from({ length: 21 }, () => ({ orderId: '1' }))).ok).toBe(false);
    expect(check(endpoints.batchModifyOrder.request, Array.from({ length: 21 }, () => ({ orderId: '1', symbol: 'BTCUSDT', price: '1' }))).ok).toBe(false);
  });

  it('names the index of a bad order inside a batch', () => {
    const r = check(endpoints.placeBatch.request, [order, { ...order, qty: 'abc' }]);
    expect(r).toMatchObject({ ok: false, field: '1.qty' });
  });

  it('needs orderId or clientOid to cancel or modify, and price or qty to modify', () => {
    expect(check(endpoints.cancelOrder.request, {}).ok).toBe(false);
    expect(check(endpoints.cancelOrder.request, { clientOid: 'abc' }).ok).toBe(true);
    expect(check(endpoints.modifyOrder.request, { orderId: '1', symbol: 'BTCUSDT' })).toMatchObject({ ok: false, field: 'price' });
  });

  it('modifies without a symbol, singly and in a batch (docs and SDK leave it out)', () => {
    expect(check(endpoints.modifyOrder.request, { orderId: '1', qty: '123', price: '123', autoCancel: 'no' }).ok).toBe(true);
    expect(check(endpoints.batchModifyOrder.request, [{ orderId: '1', price: '5' }, { clientOid: 'x.1', qty: '2', category: 'USDT-FUTURES' }])).toMatchObject({
      ok: true,
      data: [{ orderId: '1' }, { category: 'usdt-futures' }],
    });
  });

  it('takes marginMode on place-order and reduceOnly in either case', () => {
    expect(check(endpoints.placeOrder.request, { ...order, category: 'USDT-FUTURES', marginMode: 'isolated', reduceOnly: 'NO' })).toMatchObject({
      ok: true,
      data: { category: 'usdt-futures', marginMode: 'isolated', reduceOnly: 'no' },
    });
    expect(check(endpoints.placeOrder.request, { ...order, marginMode: 'cross' })).toMatchObject({ ok: false, field: 'marginMode' });
    expect(check(endpoints.placeOrder.request, { ...order, reduceOnly: 'maybe' })).toMatchObject({ ok: false, field: 'reduceOnly' });
  });

  it('accepts every category in upper or lower case and yields one spelling', () => {
    for (const c of ['SPOT', 'spot', 'Margin', 'USDT-FUTURES', 'coin-futures', 'USDC-FUTURES']) {
      expect(check(endpoints.placeOrder.request, { ...order, category: c })).toMatchObject({ ok: true, data: { category: c.toLowerCase() } });
      expect(check(endpoints.unfilledOrders.request, { category: c })).toMatchObject({ ok: true, data: { category: c.toLowerCase() } });
    }
    expect(check(endpoints.instruments.request, { category: 'SPOT', symbol: 'BTCUSDT' })).toMatchObject({ ok: true, data: { category: 'spot' } });
    expect(check(endpoints.instruments.request, { category: 'options' })).toMatchObject({ ok: false, field: 'category' });
  });

  it('caps list limits at 100 (spec 4.6)', () => {
    expect(check(endpoints.unfilledOrders.request, { limit: '100' }).ok).toBe(true);
    expect(check(endpoints.unfilledOrders.request, { limit: '101' })).toMatchObject({ ok: false, field: 'limit' });
    expect(check(endpoints.fills.request, { startTime: '2', endTime: '1' })).toMatchObject({ ok: false, field: 'endTime' });
  });

  it('limits revise-history to the past three months and pageSize to 100 (spec 4.1)', () => {
    const now = Date.now();
    const day = 86_400_000;
    const q = { startTime: String(now - 30 * day), endTime: String(now) };
    expect(check(endpoints.reviseHistory.request, q).ok).toBe(true);
    expect(check(endpoints.reviseHistory.request, { ...q, startTime: String(now - 120 * day) })).toMatchObject({ ok: false, field: 'startTime' });
    expect(check(endpoints.reviseHistory.request, { ...q, pageSize: '101' })).toMatchObject({ ok: false, field: 'pageSize' });
    expect(check(endpoints.reviseHistory.request, { endTime: q.endTime })).toMatchObject({ ok: false, field: 'startTime', message: 'is required' });
  });

  it('takes the auto-transfer destination from the enumeration of spec 4.2', () => {
    const body = { subUid: '3000002', coin: 'USDT', toAccountType: 'usdt-futures' };
    expect(check(endpoints.setSubaccountAutotransfer.request, body).ok).toBe(true);
    expect(check(endpoints.setSubaccountAutotransfer.request, { ...body, toAccountType: 'margin' })).toMatchObject({ ok: false, field: 'toAccountType' });
  });

  it('accepts coinList as a JSON array, a string holding one, or plain coin names (spec 4.4, SDK)', () => {
    expect(check(endpoints.nativeConvert.request, { coinList: ['ETH', 'XRP'] })).toMatchObject({ ok: true, data: { coinList: ['ETH', 'XRP'] } });
    expect(check(endpoints.nativeConvert.request, { coinList: '["ETH"]' })).toMatchObject({ ok: true, data: { coinList: ['ETH'] } });
    expect(check(endpoints.nativeConvert.request, { coinList: 'ETH' })).toMatchObject({ ok: true, data: { coinList: ['ETH'] } });
    expect(check(endpoints.nativeConvert.request, { coinList: 'ETH,XRP' })).toMatchObject({ ok: true, data: { coinList: ['ETH', 'XRP'] } });
    for (const bad of ['', 'eth', '["ETH"', 'ETH,,XRP']) expect(check(endpoints.nativeConvert.request, { coinList: bad }).ok, bad).toBe(false);
  });

  it('needs a symbol for futures leverage and a coin for margin leverage', () => {
    expect(check(endpoints.setLeverage.request, { leverage: '10', productType: 'usdt-futures', symbol: 'BTCUSDT' }).ok).toBe(true);
    expect(check(endpoints.setLeverage.request, { leverage: '5', productType: 'MARGIN', coin: 'BTC' }).ok).toBe(true);
    expect(check(endpoints.setLeverage.request, { leverage: '5', productType: 'MARGIN' })).toMatchObject({ ok: false, field: 'coin' });
  });

  it('takes the live field category on set-leverage (the seed productType too) and yields category', () => {
    expect(check(endpoints.setLeverage.request, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '10', marginMode: 'crossed' })).toMatchObject({
      ok: true,
      data: { category: 'usdt-futures', marginMode: 'crossed' },
    });
    expect(check(endpoints.setLeverage.request, { productType: 'MARGIN', coin: 'BTC', leverage: '5' })).toMatchObject({ ok: true, data: { category: 'margin' } });
    expect(check(endpoints.setLeverage.request, { leverage: '5', symbol: 'BTCUSDT' })).toMatchObject({ ok: false, field: 'category' });
    expect(check(endpoints.setLeverage.request, { leverage: '5', category: 'margin', productType: 'usdt-futures', coin: 'BTC' })).toMatchObject({ ok: false, field: 'productType' });
    expect(check(endpoints.setLeverage.request, { leverage: '5', category: 'SPOT', symbol: 'BTCUSDT' })).toMatchObject({ ok: false, field: 'category' });
  });
});

const tpsl = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', takeProfit: '100800', stopLoss: '99000' };

describe('take-profit / stop-loss requests (trade.md presets, strategy.md)', () => {
  it('takes the eight preset fields on a futures place-order and refuses an unknown trigger type, naming it', () => {
    const preset = { tpTriggerBy: 'mark', slTriggerBy: 'market', takeProfit: '70000', stopLoss: '50000', tpOrderType: 'limit', tpLimitPrice: '69990', slOrderType: 'market' };
    expect(check(endpoints.placeOrder.request, { ...order, category: 'USDT-FUTURES', ...preset })).toMatchObject({ ok: true, data: preset });
    expect(check(endpoints.placeOrder.request, { ...order, takeProfit: '70000', tpTriggerBy: 'index' })).toMatchObject({ ok: false, field: 'tpTriggerBy' });
    expect(check(endpoints.placeOrder.request, { ...order, stopLoss: '-1' })).toMatchObject({ ok: false, field: 'stopLoss' });
  });

  it('needs the execution price of a limit take-profit or stop-loss', () => {
    expect(check(endpoints.placeOrder.request, { ...order, takeProfit: '70000', tpOrderType: 'limit' })).toMatchObject({ ok: false, field: 'tpLimitPrice' });
    expect(check(endpoints.placeStrategyOrder.request, { ...tpsl, slOrderType: 'limit' })).toMatchObject({ ok: false, field: 'slLimitPrice' });
  });

  it('accepts the documented place-strategy-order example and defaults nothing it was not given', () => {
    expect(check(endpoints.placeStrategyOrder.request, { ...tpsl, clientOid: '121211212122' })).toMatchObject({ ok: true, data: { category: 'usdt-futures', takeProfit: '100800' } });
  });

  it('refuses a strategy order on spot or margin, naming category', () => {
    for (const category of ['SPOT', 'margin']) {
      expect(check(endpoints.placeStrategyOrder.request, { ...tpsl, category })).toMatchObject({ ok: false, field: 'category' });
    }
  });

  it('needs a take-profit or a stop-loss, and qty for a partial one', () => {
    expect(check(endpoints.placeStrategyOrder.request, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })).toMatchObject({ ok: false, field: 'takeProfit' });
    expect(check(endpoints.placeStrategyOrder.request, { ...tpsl, tpslMode: 'partial' })).toMatchObject({ ok: false, field: 'qty' });
  });

  it('needs qty, side and triggerPrice for a trigger order', () => {
    const trigger = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', type: 'trigger', qty: '0.01', side: 'buy', triggerPrice: '60000' };
    expect(check(endpoints.placeStrategyOrder.request, trigger).ok).toBe(true);
    for (const field of ['qty', 'side', 'triggerPrice'] as const) {
      const { [field]: _dropped, ...rest } = trigger;
      expect(check(endpoints.placeStrategyOrder.request, rest), field).toMatchObject({ ok: false, field });
    }
  });

  it('modifies and cancels by orderId or clientOid; modify needs qty as documented', () => {
    expect(check(endpoints.modifyStrategyOrder.request, { orderId: '121211212122', qty: '1', tpTriggerBy: 'market', takeProfit: '106000', tpOrderType: 'market' }).ok).toBe(true);
    expect(check(endpoints.modifyStrategyOrder.request, { orderId: '1', takeProfit: '106000' })).toMatchObject({ ok: false, field: 'qty', message: 'is required' });
    expect(check(endpoints.modifyStrategyOrder.request, { qty: '1' })).toMatchObject({ ok: false, field: 'orderId' });
    expect(check(endpoints.cancelStrategyOrder.request, {})).toMatchObject({ ok: false, field: 'orderId' });
    expect(check(endpoints.cancelStrategyOrder.request, { clientOid: 'x1' }).ok).toBe(true);
  });

  it('lists strategy orders of a futures category only, the history with paging', () => {
    expect(check(endpoints.unfilledStrategyOrders.request, { category: 'usdt-futures', type: 'tpsl' }).ok).toBe(true);
    expect(check(endpoints.unfilledStrategyOrders.request, {})).toMatchObject({ ok: false, field: 'category' });
    expect(check(endpoints.unfilledStrategyOrders.request, { category: 'usdt-futures', limit: '5' })).toMatchObject({ ok: false, field: 'limit' });
    expect(check(endpoints.historyStrategyOrders.request, { category: 'USDT-FUTURES', limit: '101' })).toMatchObject({ ok: false, field: 'limit' });
    expect(check(endpoints.historyStrategyOrders.request, { category: 'USDT-FUTURES', startTime: '2', endTime: '1' })).toMatchObject({ ok: false, field: 'endTime' });
  });
});
