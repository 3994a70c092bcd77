import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PublicFillRow, TickerRow } from '@contract/schemas/market';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { applyTickerPushes, applyTradePushes, marketArg, TAPE_LENGTH, tickerKey, tradesKey } from './market-feeds';
import { tradeLinkOf } from './own-trades';

const meta = { symbol: 'BTCUSDT', category: 'margin' } as InstrumentMeta;
const trade = (i: number, T = 1_000 + i) => ({ i: String(i), L: `l${i}`, p: '65000.5', v: '0.01', S: i % 2 ? 'buy' : 'sell', T: String(T) });

describe('public trades in the cache', () => {
  it('put pushed trades first, newest first, once each, at most TAPE_LENGTH', () => {
    const client = new QueryClient();
    client.setQueryData<PublicFillRow[]>(tradesKey(meta), [{ execId: '1', execLinkId: 'l1', price: '1', size: '1', side: 'buy', ts: '1001' }]);
    applyTradePushes(client, meta, [[trade(2)], [trade(3), trade(1)]]);
    expect(client.getQueryData<PublicFillRow[]>(tradesKey(meta))?.map((t) => t.execId)).toEqual(['3', '2', '1']);
    applyTradePushes(client, meta, [Array.from({ length: TAPE_LENGTH + 5 }, (_, k) => trade(10 + k))]);
    const list = client.getQueryData<PublicFillRow[]>(tradesKey(meta))!;
    expect(list).toHaveLength(TAPE_LENGTH);
    expect(list[0]?.execId).toBe(String(10 + TAPE_LENGTH + 4));
  });

  it('ignore a malformed push without losing what was there', () => {
    const client = new QueryClient();
    client.setQueryData<PublicFillRow[]>(tradesKey(meta), []);
    applyTradePushes(client, meta, [[{ i: '9', p: 'x', v: '1', S: 'buy', T: '1' }], { not: 'an array' }]);
    expect(client.getQueryData<PublicFillRow[]>(tradesKey(meta))).toEqual([]);
  });
});

describe('ticker pushes', () => {
  it('merge the newest of a frame into the cached ticker, keeping category and symbol', () => {
    const client = new QueryClient();
    applyTickerPushes(client, meta, [[{ lastPrice: '1' }], [{ lastPrice: '65010', openPrice24h: '64000', highPrice24h: '66000', lowPrice24h: '63000', ask1Price: '65010.5', bid1Price: '65010', ask1Size: '1', bid1Size: '2', price24hPcnt: '0.01578', volume24h: '100', turnover24h: '6500000' }]]);
    const [row] = client.getQueryData<TickerRow[]>(tickerKey(meta))!;
    expect(row).toMatchObject({ symbol: 'BTCUSDT', lastPrice: '65010', volume24h: '100' });
  });
});

describe('market args', () => {
  it('subscribe a margin pair on the spot book, with extra fields like the interval', () => {
    expect(marketArg(meta, 'kline', { interval: '1m' })).toEqual({ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' });
  });

  it('link a fill to its public trade by execLinkId, else tradeId', () => {
    expect(tradeLinkOf({ execLinkId: 'a', tradeId: 'b' })).toBe('a');
    expect(tradeLinkOf({ tradeId: 'b' })).toBe('b');
    expect(tradeLinkOf({})).toBeUndefined();
  });
});
