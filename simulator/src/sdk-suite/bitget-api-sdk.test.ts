// The exchange's own SDK (npm bitget-api: RestClientV2, RestClientV3, WebsocketClientV3 and
// its WebSocket trading API) drives the simulator in both dialects, in the forms its types
// allow (modify without symbol, marginMode, upper-case categories, a single-coin coinList).
// Every field the SDK's response types declare as required is checked present, and a string
// where the type (and the docs) say String; the key lists are checked complete against those
// types at compile time (`requiredKeys`), so a field added to the SDK fails the typecheck.
// Private pushes have no SDK types: their fields are the ones websocket.md documents.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountAssetsV3,
  AccountAssetV3,
  AccountSettingsV3,
  CurrentPositionV3,
  FillV3,
  FundingAssetV3,
  HistoryOrderV3,
  InstrumentV3,
  MaxTransferableV3,
  UnfilledOrderV3,
  WSAPIPlaceOrderResponseV3,
} from 'bitget-api';
import { MAKER_UID } from '../accounts/seed-accounts';
import type { Dialect } from '../core/dialect';
import { createSimulator, type Simulator } from '../server';
import { createWsExtension } from '../api/ws/extension';
import installProducts from '../products/extension';

const require = createRequire(import.meta.url);

interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
}
type Api = (params?: unknown) => Promise<Envelope>;
type Client = Record<string, Api>;
interface WsClient {
  on(event: string, listener: (data: Record<string, unknown>) => void): void;
  subscribe(requests: { topic: string; payload: Record<string, string> }[], wsKey: string): Promise<unknown>;
  sendWSAPIRequest(wsKey: string, operation: string, category: string, params: Record<string, string>): Promise<Record<string, unknown>>;
  closeAll(force?: boolean): void;
}
const sdk = require('bitget-api') as {
  RestClientV2: new (options: Record<string, unknown>) => Client;
  RestClientV3: new (options: Record<string, unknown>) => Client;
  WebsocketClientV3: new (options: Record<string, unknown>, logger?: Record<string, (...a: unknown[]) => void>) => WsClient;
};
const quiet = { trace: () => undefined, info: () => undefined, error: () => undefined };

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The required keys of T, listed; the list must be complete or this does not typecheck. */
function requiredKeys<T>() {
  return <const K extends readonly RequiredKeys<T>[]>(...keys: K & ([Exclude<RequiredKeys<T>, K[number]>] extends [never] ? unknown : { missing: Exclude<RequiredKeys<T>, K[number]> })) =>
    keys as readonly string[];
}

const orderKeys = requiredKeys<UnfilledOrderV3>()(
  'orderId', 'clientOid', 'category', 'symbol', 'orderType', 'side', 'price', 'qty', 'amount', 'cumExecQty', 'cumExecValue',
  'avgPrice', 'timeInForce', 'orderStatus', 'posSide', 'holdMode', 'reduceOnly', 'feeDetail', 'createdTime', 'updatedTime',
);
const historyKeys = requiredKeys<HistoryOrderV3>()(
  'orderId', 'clientOid', 'category', 'symbol', 'orderType', 'side', 'price', 'qty', 'amount', 'cumExecQty', 'cumExecValue',
  'avgPrice', 'timeInForce', 'orderStatus', 'posSide', 'holdMode', 'reduceOnly', 'feeDetail', 'cancelReason', 'execType', 'createdTime', 'updatedTime',
);
const fillKeys = requiredKeys<FillV3>()(
  'execId', 'orderId', 'category', 'symbol', 'orderType', 'side', 'execPrice', 'execQty', 'execValue', 'tradeScope', 'feeDetail', 'createdTime', 'updatedTime',
);
const positionKeys = requiredKeys<CurrentPositionV3>()(
  'category', 'symbol', 'marginCoin', 'holdMode', 'posSide', 'marginMode', 'positionBalance', 'available', 'frozen', 'total', 'leverage',
  'curRealisedPnl', 'avgPrice', 'positionStatus', 'unrealisedPnl', 'liquidationPrice', 'mmr', 'profitRate', 'markPrice', 'breakEvenPrice',
  'totalFunding', 'openFeeTotal', 'closeFeeTotal', 'createdTime', 'updatedTime',
);
const assetsKeys = requiredKeys<AccountAssetsV3>()(
  'accountEquity', 'usdtEquity', 'btcEquity', 'unrealisedPnl', 'usdtUnrealisedPnl', 'btcUnrealizedPnl', 'effEquity', 'mmr', 'imr', 'mgnRatio', 'positionMgnRatio', 'assets',
);
const assetKeys = requiredKeys<AccountAssetV3>()('coin', 'equity', 'usdValue', 'balance', 'available', 'debt', 'locked');
const settingsKeys = requiredKeys<AccountSettingsV3>()('uid', 'accountMode', 'assetMode', 'accountLevel', 'holdMode', 'stpMode', 'symbolConfigList', 'coinConfigList');
const instrumentKeys = requiredKeys<InstrumentV3>()(
  'symbol', 'category', 'baseCoin', 'quoteCoin', 'buyLimitPriceRatio', 'sellLimitPriceRatio', 'feeRateUpRatio', 'minOrderQty', 'maxOrderQty',
  'maxMarketOrderQty', 'pricePrecision', 'quantityPrecision', 'quotePrecision', 'minOrderAmount', 'maxSymbolOrderNum', 'maxProductOrderNum',
  'status', 'offTime', 'limitOpenTime', 'maintainTime',
);
const fundingKeys = requiredKeys<FundingAssetV3>()('coin', 'available', 'frozen', 'balance');
const maxTransferKeys = requiredKeys<MaxTransferableV3>()('coin', 'maxTransfer', 'borrowMaxTransfer');
const wsPlaceKeys = requiredKeys<WSAPIPlaceOrderResponseV3>()('symbol', 'orderId', 'clientOid', 'cTime');

// websocket.md: the fields of the four private pushes, every one documented as a String
// (feeDetail and coin are lists of objects whose fields are Strings).
const orderPushKeys = [
  'category', 'symbol', 'orderId', 'clientOid', 'price', 'qty', 'amount', 'holdMode', 'holdSide', 'delegateType', 'tradeSide', 'orderType',
  'timeInForce', 'side', 'marginMode', 'marginCoin', 'reduceOnly', 'cumExecQty', 'cumExecValue', 'avgPrice', 'totalProfit', 'orderStatus',
  'cancelReason', 'leverage', 'feeDetail', 'createdTime', 'updatedTime', 'stpMode',
];
const fillPushKeys = [
  'category', 'orderId', 'clientOid', 'execId', 'execLinkId', 'symbol', 'orderType', 'side', 'holdSide', 'tradeSide', 'execPrice', 'execQty',
  'execValue', 'execPnl', 'tradeScope', 'feeDetail', 'execTime', 'updatedTime', 'isRPI',
];
const accountPushKeys = ['totalEquity', 'effEquity', 'mmr', 'imr', 'mgnRatio', 'positionMgnRatio', 'unrealisedPnL', 'coin'];
const accountCoinKeys = ['coin', 'balance', 'locked', 'equity', 'usdValue', 'available', 'borrow', 'debts'];
const positionPushKeys = [
  'symbol', 'marginCoin', 'marginSize', 'marginMode', 'posSide', 'holdMode', 'positionStatus', 'size', 'available', 'frozen', 'avgPrice',
  'leverage', 'curRealisedPnl', 'unrealisedPnl', 'liqPrice', 'mmr', 'marginRate', 'markPrice', 'openFeeTotal', 'closeFeeTotal',
  'breakEvenPrice', 'profitRate', 'totalFundingFee', 'createdTime', 'updatedTime',
];
const listFields = new Set(['feeDetail', 'assets', 'coin', 'symbolConfigList', 'coinConfigList']);

/** Each key present; a string unless it is one of the list fields (whose items are checked by the caller). */
function expectFields(where: string, record: unknown, keys: readonly string[]): void {
  expect(record, where).toBeTypeOf('object');
  const r = record as Record<string, unknown>;
  const missing = keys.filter((k) => !(k in r));
  expect(missing, `${where}: missing fields`).toEqual([]);
  const notText = keys.filter((k) => !listFields.has(k) && typeof r[k] !== 'string');
  expect(notText, `${where}: not strings`).toEqual([]);
  if ('feeDetail' in r) for (const f of r.feeDetail as unknown[]) expectFields(`${where}.feeDetail`, f, ['feeCoin', 'fee']);
}

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 1000; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('gave up waiting');
}

describe.each<Dialect>(['seed', 'live'])('the bitget-api SDK against the simulator (%s dialect)', (dialect) => {
  let sim: Simulator;
  let v3: Client;
  let v2: Client;
  let ws: WsClient;
  const pushes: Record<string, unknown>[] = [];

  beforeAll(async () => {
    sim = createSimulator({ dialect, extensions: [installProducts, createWsExtension({ idleMs: 60_000, positionIntervalMs: 50, accountIntervalMs: 50 })] });
    const port = await sim.listen(0);
    const keys = { apiKey: 'demo-key', apiSecret: 'demo-secret', apiPass: 'demo-pass' };
    v3 = new sdk.RestClientV3({ ...keys, baseUrl: `http://127.0.0.1:${port}` });
    v2 = new sdk.RestClientV2({ ...keys, baseUrl: `http://127.0.0.1:${port}` });
    ws = new sdk.WebsocketClientV3({ ...keys, wsUrl: `ws://127.0.0.1:${port}/v3/ws/private` }, quiet);
    const authenticated = new Promise<void>((resolve) => ws.on('authenticated', () => resolve()));
    ws.on('update', (data) => pushes.push(data));
    await ws.subscribe(['order', 'fill', 'account', 'position'].map((topic) => ({ topic, payload: { instType: 'UTA' } })), 'v3Private');
    await authenticated;
  });

  afterAll(async () => {
    ws.closeAll(true);
    await sim.close();
  });

  const call = async <T>(method: string, params?: unknown): Promise<T> => {
    const answer = await v3[method]!(params);
    expect(answer.code, method).toBe('00000');
    return answer.data as T;
  };
  const pushesOf = (topic: string) =>
    pushes.filter((p) => (p.arg as { topic?: string } | undefined)?.topic === topic).flatMap((p) => p.data as Record<string, unknown>[]);

  it('reads instruments, settings, assets, funding assets and max-transferable with every declared field', async () => {
    for (const category of ['SPOT', 'MARGIN', 'USDT-FUTURES']) {
      const list = await call<unknown[]>('getInstruments', { category });
      expect(list.length).toBeGreaterThan(0);
      for (const i of list) expectFields(`instrument ${category}`, i, instrumentKeys);
    }
    const settings = await call<Record<string, unknown>>('getAccountSettings');
    expectFields('settings', settings, settingsKeys);
    const assets = await call<{ assets: unknown[] }>('getBalances');
    expectFields('assets', assets, assetsKeys);
    for (const a of assets.assets) expectFields('asset', a, assetKeys);
    for (const f of await call<unknown[]>('getFundingAssets')) expectFields('funding asset', f, fundingKeys);
    expectFields('max-transferable', await call('getMaxTransferable', { coin: 'USDT' }), maxTransferKeys);
  });

  it('sets leverage with category and marginMode, trades futures with marginMode, and reads positions and fills', async () => {
    expect(await call('setLeverage', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '20', marginMode: 'crossed' })).toBe('success');
    expect(await call('setLeverage', { category: 'margin', coin: 'BTC', leverage: '5' })).toBe('success');
    // The market maker's resting ask, for the SDK's order to take.
    sim.orders.place(MAKER_UID, { category: 'usdt-futures', symbol: 'BTCUSDT', orderType: 'limit', side: 'sell', price: '65000.0', qty: '0.01' });
    const placed = await call<{ orderId: string }>('submitNewOrder', {
      category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.01', price: '65000', marginMode: 'crossed', clientOid: 'sdk.fut/1',
    });
    expect(placed.orderId).toMatch(/^\d+$/);
    const positions = await call<{ list: unknown[] }>('getCurrentPosition', { category: 'USDT-FUTURES' });
    expect(positions.list).toHaveLength(1);
    for (const p of positions.list) expectFields('position', p, positionKeys);
    const fills = await call<{ list: unknown[] }>('getTradeFills', { category: 'USDT-FUTURES' });
    expect(fills.list.length).toBeGreaterThan(0);
    for (const f of fills.list) expectFields('fill', f, fillKeys);
    const history = await call<{ list: Record<string, unknown>[] }>('getHistoryOrders', { category: 'USDT-FUTURES' });
    const filled = history.list.find((o) => o.orderId === placed.orderId)!;
    expectFields('history order', filled, historyKeys);
    expect(filled.orderStatus).toBe('filled');

    const fillPush = await until(() => pushesOf('fill').find((f) => f.orderId === placed.orderId));
    expectFields('fill push', fillPush, fillPushKeys);
    expect(fillPush).toMatchObject({ category: 'usdt-futures', holdSide: 'long', tradeSide: 'open', tradeScope: 'taker' });
    const positionPush = await until(() => pushesOf('position').find((p) => p.symbol === 'BTCUSDT' && p.size === '0.01'));
    expectFields('position push', positionPush, positionPushKeys);
    const accountPush = await until(() => pushesOf('account')[0]);
    expectFields('account push', accountPush, accountPushKeys);
    for (const c of accountPush.coin as unknown[]) expectFields('account push coin', c, accountCoinKeys);
  });

  it('places, modifies without a symbol and cancels, singly and in batches, with lower-case categories', async () => {
    const placed = await call<{ orderId: string }>('submitNewOrder', {
      category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.001', price: '60000', timeInForce: 'gtc', clientOid: 'sdk.spot/1',
    });
    expect(await call('modifyOrder', { orderId: placed.orderId, price: '60001', qty: '0.002', autoCancel: 'no' })).toMatchObject({ orderId: placed.orderId });
    const open = await call<{ list: Record<string, unknown>[] }>('getUnfilledOrders', { category: 'SPOT' });
    const mine = open.list.find((o) => o.orderId === placed.orderId)!;
    expectFields('unfilled order', mine, orderKeys);
    expect([mine.price, mine.qty].map(Number)).toEqual([60001, 0.002]);

    const batch = await call<{ orderId: string; clientOid: string; code?: string }[]>('placeBatchOrders', [
      { category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.001', price: '59000', clientOid: 'sdk-b1' },
      { category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.001', price: '59000.001', clientOid: 'sdk-b2' },
    ]);
    expect(batch[0]!.orderId).toMatch(/^\d+$/);
    expect(batch[0]!.code).toBe(dialect === 'seed' ? '00000' : undefined);
    expect(batch[1]).toMatchObject({ code: '25244', clientOid: 'sdk-b2' });
    const modified = await call<{ orderId: string; code?: string }[]>('batchModifyOrders', [{ orderId: batch[0]!.orderId, price: '59001' }]);
    expect(modified[0]!.orderId).toBe(batch[0]!.orderId);
    const canceled = await call<{ orderId: string }[]>('cancelBatchOrders', [{ orderId: batch[0]!.orderId }, { orderId: placed.orderId }]);
    expect(canceled.map((c) => c.orderId)).toEqual([batch[0]!.orderId, placed.orderId]);

    const history = await call<{ list: Record<string, unknown>[] }>('getHistoryOrders', { category: 'SPOT' });
    const done = history.list.find((o) => o.orderId === placed.orderId)!;
    expectFields('history order', done, historyKeys);
    expect(done.orderStatus).toBe(dialect === 'seed' ? 'canceled' : 'cancelled');
    expect(sim.invariantViolations()).toEqual([]);
  });

  it('trades over the WebSocket API with reduceOnly YES/NO and gets the documented answers and order pushes', async () => {
    const answer = await ws.sendWSAPIRequest('v3Private', 'place-order', 'spot', {
      symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '58000', qty: '0.001', reduceOnly: 'NO', clientOid: 'sdk-ws-1',
    });
    expect(answer).toMatchObject({ event: 'trade', topic: 'place-order', code: '0' });
    const [placed] = answer.args as Record<string, unknown>[];
    expectFields('ws place answer', placed, wsPlaceKeys);
    const orderId = placed!.orderId as string;
    const modified = await ws.sendWSAPIRequest('v3Private', 'modify-order', 'spot', { orderId, price: '58001' });
    expect(modified).toMatchObject({ code: '0', args: [{ orderId, clientOid: 'sdk-ws-1' }] });
    const canceled = await ws.sendWSAPIRequest('v3Private', 'cancel-order', 'spot', { orderId });
    expect(canceled).toMatchObject({ code: '0', args: [{ orderId, clientOid: 'sdk-ws-1' }] });
    const final = dialect === 'seed' ? 'canceled' : 'cancelled';
    const last = await until(() => pushesOf('order').find((o) => o.orderId === orderId && o.orderStatus === final));
    expectFields('order push', last, orderPushKeys);
    expect(last).toMatchObject({ category: 'spot', reduceOnly: 'no', delegateType: 'normal', cancelReason: dialect === 'seed' ? 'user' : 'normal_cancel' });
  });

  it('converts a single small balance with RestClientV2 convertBGB (coinList as one string)', async () => {
    const answer = (await v2.convertBGB!({ coinList: 'DOGE' })) as Envelope<{ orderList: { coin: string; orderId: string }[] }>;
    expect(answer.code).toBe('00000');
    expect(answer.data.orderList.map((o) => o.coin)).toEqual(['DOGE']);
    for (const o of answer.data.orderList) expectFields('convert order', o, ['coin', 'orderId']);
  });
});
