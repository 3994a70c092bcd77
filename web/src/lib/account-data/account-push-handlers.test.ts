import { readFileSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Assets, Position } from '@contract/schemas/account';
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { assets, orderPush, position } from './account-fixtures.test-support';
import { accountPushHandlers, type OrderPushContext } from './account-push-handlers';
import type { OrderPageData } from './open-orders/order-cache';
import { assetsKey, positionsKey, settingsKey, strategyHistoryKey, unfilledOrdersKey, unfilledStrategyOrdersKey } from './account-queries';
import { onListStale, type ListTopic } from './list-refresh-events';
import { createBadInputStore } from '@web/lib/bad-input/bad-input-store';

const offs: (() => void)[] = [];
afterEach(() => {
  for (const off of offs.splice(0)) off();
});

/** Which lists were told they are stale, in order. */
function staleLists(): ListTopic[] {
  const seen: ListTopic[] = [];
  for (const topic of ['history', 'fills', 'records'] as const) offs.push(onListStale(topic, () => seen.push(topic)));
  return seen;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

function clientWith(entries: [readonly unknown[], unknown][]): QueryClient {
  const client = new QueryClient();
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}

describe('position pushes', () => {
  it('update the cached position whatever the case of its category', () => {
    const client = clientWith([[positionsKey('main'), { list: [position({ category: 'usdt-futures', total: '0.01' })] }]]);
    accountPushHandlers(client, 'main').position({ action: 'update', data: [position({ category: 'USDT-FUTURES', total: '0.5' })] });
    const list = client.getQueryData<{ list: Position[] }>(positionsKey('main'))?.list;
    expect(list).toHaveLength(1);
    expect(list?.[0]?.total).toBe('0.5');
  });

  it('replace the list with a snapshot and drop a position pushed closed', () => {
    const client = clientWith([[positionsKey('main'), { list: [position({ symbol: 'ETHUSDT' })] }]]);
    const on = accountPushHandlers(client, 'main');
    on.position({ action: 'snapshot', data: [position({}), position({ posSide: 'short' })] });
    on.position({ action: 'update', data: [position({ posSide: 'short', total: '0' })] });
    expect(client.getQueryData<{ list: Position[] }>(positionsKey('main'))?.list.map((p) => `${p.symbol}:${p.posSide}`)).toEqual(['BTCUSDT:long']);
  });

  it('skip a position push older than one already applied to that position, but not a late one about another', () => {
    const client = clientWith([[positionsKey('main'), { list: [] }]]);
    const on = accountPushHandlers(client, 'main');
    on.position({ action: 'update', ts: 200, data: [position({ total: '0.5' })] });
    on.position({ action: 'update', ts: 100, data: [position({ total: '0.2' }), position({ symbol: 'ETHUSDT', total: '3' })] });
    const list = client.getQueryData<{ list: Position[] }>(positionsKey('main'))?.list;
    expect(list?.map((p) => `${p.symbol}:${p.total}`).sort()).toEqual(['BTCUSDT:0.5', 'ETHUSDT:3']);
  });

  it('never reopen a position closed by a newer push when the older open push arrives late', () => {
    const client = clientWith([[positionsKey('main'), { list: [position({ total: '0.5' })] }]]);
    const on = accountPushHandlers(client, 'main');
    on.position({ action: 'update', ts: 300, data: [position({ total: '0' })] });
    on.position({ action: 'update', ts: 250, data: [position({ total: '0.5' })] });
    on.position({ action: 'snapshot', ts: 240, data: [position({ total: '0.5' })] });
    expect(client.getQueryData<{ list: Position[] }>(positionsKey('main'))?.list).toEqual([]);
  });

  it('ignore items that do not match the contract', () => {
    const client = clientWith([[positionsKey('main'), { list: [position({})] }]]);
    accountPushHandlers(client, 'main').position({ action: 'update', data: [{ symbol: 'BTCUSDT', total: 'x' }] });
    expect(client.getQueryData<{ list: Position[] }>(positionsKey('main'))?.list).toHaveLength(1);
  });
});

describe('account pushes', () => {
  it('replace the cached assets, and make the financial records stale only when a balance moved', () => {
    const client = clientWith([[assetsKey('main'), assets({ USDT: '10' })]]);
    const seen = staleLists();
    const on = accountPushHandlers(client, 'main');
    on.account({ data: [assets({ USDT: '10' })] });
    expect(seen).toEqual([]);
    on.account({ data: [assets({ USDT: '9.5' })] });
    expect(client.getQueryData<Assets>(assetsKey('main'))?.assets[0]?.balance).toBe('9.5');
    expect(seen).toEqual(['records']);
  });

  it('skip an account push older than the one already applied, and take one sent twice', () => {
    const client = clientWith([[assetsKey('main'), assets({ USDT: '10' })]]);
    const on = accountPushHandlers(client, 'main');
    on.account({ ts: 500, data: [assets({ USDT: '8' })] });
    on.account({ ts: 400, data: [assets({ USDT: '9' })] });
    expect(client.getQueryData<Assets>(assetsKey('main'))?.assets[0]?.balance).toBe('8');
    on.account({ ts: 500, data: [assets({ USDT: '8' })] });
    expect(client.getQueryData<Assets>(assetsKey('main'))?.assets[0]?.balance).toBe('8');
  });
});

/** The live `account` push item as websocket.md shows it (our own numbers). */
const liveAccount = (usdt: string) => ({
  unrealisedPnL: '0',
  totalEquity: '1200.5',
  positionMgnRatio: '0',
  mmr: '0',
  effEquity: '1200.5',
  imr: '0',
  mgnRatio: '0',
  coin: [{ debts: '0', balance: usdt, available: usdt, borrow: '0', locked: '0', equity: usdt, coin: 'USDT', usdValue: usdt }],
});

/** The live `position` push item as websocket.md shows it: no category, size/marginSize/liqPrice. */
const livePosition = (size: string) => ({
  symbol: 'BTCUSDT',
  leverage: '20',
  openFeeTotal: '',
  mmr: '',
  breakEvenPrice: '',
  available: size,
  liqPrice: '',
  marginMode: 'crossed',
  unrealisedPnl: '0',
  markPrice: '94987.1',
  createdTime: '1736378720620',
  avgPrice: '94000',
  totalFundingFee: '0',
  updatedTime: '1736378720620',
  marginCoin: 'USDT',
  frozen: '0',
  profitRate: '',
  closeFeeTotal: '',
  marginSize: '10',
  curRealisedPnl: '0',
  size,
  positionStatus: 'normal',
  posSide: 'long',
  holdMode: 'one_way_mode',
});

describe('live dialect pushes', () => {
  it('an account push patches the cached assets, keeping the USDT and BTC equity of the last GET assets', () => {
    const before = { ...assets({ USDT: '10' }), usdtEquity: '10', btcEquity: '0.0001' };
    const client = clientWith([[assetsKey('main'), before]]);
    const seen = staleLists();
    accountPushHandlers(client, 'main').account({ action: 'snapshot', data: [liveAccount('9.5')] });
    const after = client.getQueryData<Assets>(assetsKey('main'));
    expect(after).toMatchObject({ accountEquity: '1200.5', usdtEquity: '10', btcEquity: '0.0001', unrealisedPnl: '0' });
    expect(after?.assets).toEqual([expect.objectContaining({ coin: 'USDT', balance: '9.5', debt: '0' })]);
    expect(seen).toEqual(['records']);
  });

  it('an account push with no GET assets yet asks for GET assets instead of caching half a record', () => {
    const client = new QueryClient();
    client.setQueryData(assetsKey('other'), assets({ USDT: '1' }));
    accountPushHandlers(client, 'main').account({ action: 'snapshot', data: [liveAccount('9.5')] });
    expect(client.getQueryData(assetsKey('main'))).toBeUndefined();
    client.setQueryData(assetsKey('main'), assets({ USDT: '3' }));
    accountPushHandlers(client, 'main').account({ action: 'snapshot', data: [{ ...liveAccount('9.5'), totalEquity: undefined }] });
    expect(client.getQueryData<Assets>(assetsKey('main'))?.assets[0]?.balance).toBe('3');
  });

  it('a position push updates the cached position under the REST names, and size 0 closes it', () => {
    const client = clientWith([[positionsKey('main'), { list: [position({ category: 'usdt-futures', total: '0.01' })] }]]);
    const on = accountPushHandlers(client, 'main');
    on.position({ action: 'update', data: [livePosition('0.5')] });
    const list = client.getQueryData<{ list: Position[] }>(positionsKey('main'))?.list;
    expect(list).toEqual([expect.objectContaining({ category: 'usdt-futures', symbol: 'BTCUSDT', total: '0.5', positionBalance: '10', liquidationPrice: '' })]);
    on.position({ action: 'update', data: [livePosition('0')] });
    expect(client.getQueryData<{ list: Position[] }>(positionsKey('main'))?.list).toEqual([]);
  });

  it('an order push with the live state `cancelled` reaches the screen as canceled and makes history stale', () => {
    const client = new QueryClient();
    const seen = staleLists();
    const handed: string[] = [];
    const { state: _state, orderStatus: _status, ...rest } = orderPush({ orderId: '9' });
    accountPushHandlers(client, 'main', { onOrderNews: (items) => handed.push(...items.map((i) => i.state)) }).order({
      data: [{ ...rest, category: 'SPOT', orderStatus: 'cancelled', cancelReason: 'normal_cancel' }],
    });
    expect(handed).toEqual(['canceled']);
    expect(seen).toEqual(['history']);
  });

  it('a fill push makes the fills and financial records stale', () => {
    const seen = staleLists();
    const fill = {
      execId: 'e1', execLinkId: 'l1', orderId: '9', clientOid: 'c', category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy',
      execPrice: '100', execQty: '1', execValue: '100', feeDetail: [{ feeCoin: 'BTC', fee: '0.001' }], tradeScope: 'taker', execPnl: '0', execTime: '5', updatedTime: '5',
    };
    accountPushHandlers(new QueryClient(), 'main').fill({ data: [fill] });
    expect(seen.sort()).toEqual(['fills', 'records']);
  });
});

describe('strategy-order pushes', () => {
  it('make the pending TP/SL list of their account stale, and an item that fails the contract changes nothing', () => {
    const example = (JSON.parse(readFileSync('contract/fixtures/push-strategy-order.json', 'utf8')) as { example: { data: unknown[] } }).example;
    const key = unfilledStrategyOrdersKey('main');
    const client = clientWith([[[...key, { category: 'usdt-futures' }], []]]);
    const handlers = accountPushHandlers(client, 'main', { badInput: createBadInputStore() });
    handlers.strategyOrder({ data: [{ orderId: 1 }] });
    expect(invalidated(client, [...key, { category: 'usdt-futures' }])).toBe(false);
    handlers.strategyOrder({ data: example.data });
    expect(invalidated(client, [...key, { category: 'usdt-futures' }])).toBe(true);
  });

  it('make the TP/SL history stale only when one has finished', () => {
    const example = (JSON.parse(readFileSync('contract/fixtures/push-strategy-order.json', 'utf8')) as { example: { data: Record<string, unknown>[] } }).example;
    const historyKey = [...strategyHistoryKey('main'), { category: 'usdt-futures', type: 'tpsl', limit: '20' }];
    const client = clientWith([[historyKey, { list: [], cursor: '' }]]);
    const handlers = accountPushHandlers(client, 'main');
    handlers.strategyOrder({ data: [{ ...example.data[0], status: 'pending' }] });
    expect(invalidated(client, historyKey)).toBe(false);
    handlers.strategyOrder({ data: [{ ...example.data[0], status: 'success' }] });
    expect(invalidated(client, historyKey)).toBe(true);
  });

  it('hand each strategy order in a new status to the reaction once, however often it is pushed', () => {
    const example = (JSON.parse(readFileSync('contract/fixtures/push-strategy-order.json', 'utf8')) as { example: { data: Record<string, unknown>[] } }).example;
    const seen: string[] = [];
    const handlers = accountPushHandlers(new QueryClient(), 'main', { onStrategyNews: (items) => seen.push(...items.map((o) => `${o.orderId} ${o.status}`)) });
    const item = example.data[0]!;
    handlers.strategyOrder({ data: [item] });
    handlers.strategyOrder({ data: [item] });
    handlers.strategyOrder({ data: [{ ...item, status: 'success' }] });
    expect(seen).toEqual([`${String(item.orderId)} pending`, `${String(item.orderId)} success`]);
  });
});

describe('pushes that fail the contract', () => {
  it('are counted per channel and field, warned about once, and change nothing', () => {
    const warnings: string[] = [];
    const sink = createBadInputStore((m) => warnings.push(m));
    const client = clientWith([
      [positionsKey('main'), { list: [position({})] }],
      [assetsKey('main'), assets({ USDT: '10' })],
    ]);
    const on = accountPushHandlers(client, 'main', { badInput: sink });
    on.position({ action: 'update', data: [{ ...livePosition('1'), markPrice: 'x' }] });
    on.position({ action: 'update', data: [{ ...livePosition('1'), markPrice: 'y' }] });
    on.account({ data: [{ ...liveAccount('1'), coin: 'none' }] });
    on.order({ data: 'not a list' });
    expect(client.getQueryData<{ list: Position[] }>(positionsKey('main'))?.list).toEqual([position({})]);
    expect(client.getQueryData<Assets>(assetsKey('main'))?.assets[0]?.balance).toBe('10');
    const { entries, total } = sink.store.getState();
    expect(total).toBe(4);
    expect(entries.map((e) => [e.channel, e.field, e.count])).toEqual([
      ['position', 'data.*.markPrice', 2],
      ['account', expect.stringMatching(/^data\.\*/), 1],
      ['order', 'data', 1],
    ]);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/position.*data\.\*\.markPrice/);
  });
});

describe('order pushes', () => {
  it('patch the pending orders of their account in place, without a refetch', () => {
    const client = clientWith([[unfilledOrdersKey('main'), { list: [orderPush({ orderId: '1' })], cursor: '' }]]);
    accountPushHandlers(client, 'main').order({ data: [orderPush({ orderId: '1', state: 'canceled', updatedTime: '11' }), orderPush({ orderId: '2' })] });
    const page = client.getQueryData<OrderPageData>(unfilledOrdersKey('main'));
    expect(page?.list.map((o) => `${o.orderId}:${o.state}`)).toEqual(['2:live', '1:canceled']);
    expect(invalidated(client, unfilledOrdersKey('main'))).toBe(false);
    expect(client.getQueryData(unfilledOrdersKey('sub'))).toBeUndefined();
  });

  it('hand only the news to the reaction, with the account they belong to: a push sent twice once', () => {
    const client = clientWith([[unfilledOrdersKey('main'), { list: [], cursor: '' }]]);
    const handed: { items: readonly OrderPushItem[]; ctx: OrderPushContext }[] = [];
    const on = accountPushHandlers(client, 'main', { onOrderNews: (items, ctx) => handed.push({ items, ctx }) });
    const push = orderPush({ orderId: '7', state: 'canceled', cancelSource: 'user', updatedTime: '20' });
    on.order({ data: [push] });
    on.order({ data: [push] });
    on.order({ data: [orderPush({ orderId: '7', state: 'live', updatedTime: '10' })] });
    expect(handed.map((h) => [h.items.map((i) => i.orderId), h.ctx.account])).toEqual([[['7'], 'main']]);
  });

  it('with a fill, refetch balances and settings and make fills, records and history stale', () => {
    const client = clientWith([
      [assetsKey('main'), assets({ USDT: '10' })],
      [settingsKey('main'), {}],
    ]);
    const seen = staleLists();
    accountPushHandlers(client, 'main').order({ data: [orderPush({ state: 'filled', tradeId: 't1', execQty: '1' })] });
    expect(invalidated(client, assetsKey('main'))).toBe(true);
    expect(invalidated(client, settingsKey('main'))).toBe(true);
    expect(seen.sort()).toEqual(['fills', 'history', 'records']);
  });

  it('without a valid item, change nothing', () => {
    const client = clientWith([[unfilledOrdersKey('main'), { list: [], cursor: '' }]]);
    const seen = staleLists();
    accountPushHandlers(client, 'main').order({ data: [{ orderId: 1 }] });
    expect(invalidated(client, unfilledOrdersKey('main'))).toBe(false);
    expect(seen).toEqual([]);
  });
});

describe('reconnect', () => {
  it('refetches all of the account’s exchange data and every loaded list, but not another account’s', () => {
    const client = clientWith([
      [assetsKey('main'), assets({ USDT: '1' })],
      [unfilledOrdersKey('main'), { list: [], cursor: '' }],
      [assetsKey('sub'), assets({ USDT: '2' })],
    ]);
    const seen = staleLists();
    accountPushHandlers(client, 'main').reconnect();
    expect(invalidated(client, assetsKey('main'))).toBe(true);
    expect(invalidated(client, unfilledOrdersKey('main'))).toBe(true);
    expect(invalidated(client, assetsKey('sub'))).toBe(false);
    expect(seen.sort()).toEqual(['fills', 'history', 'records']);
  });
});
