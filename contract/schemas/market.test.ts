import { describe, expect, it } from 'vitest';
import { check } from '../core/validation';
import { candleList, candlesQuery, candleStart, historyCandlesQuery, klineArg, marketTopicArg, orderbookSnapshot, publicFillList, publicTradePushItem, tickerList } from './market';

describe('market data answers', () => {
  it('take the documented ticker rows of spot and futures, category in either case', () => {
    const rows = tickerList.parse([
      { category: 'SPOT', symbol: 'BTCUSDT', ts: '1765444395778', lastPrice: '90253.5', openPrice24h: '92590.86', highPrice24h: '94475.75', lowPrice24h: '89394.71', ask1Price: '90253.5', bid1Price: '90253.49', bid1Size: '2.368684', ask1Size: '0.402938', price24hPcnt: '-0.02524', volume24h: '7386.014738', turnover24h: '677732572.225658' },
      { category: 'USDT-FUTURES', symbol: 'BTCUSDT', ts: '1765444282230', lastPrice: '90216.3', openPrice24h: '92629', highPrice24h: '94477.8', lowPrice24h: '89350.1', ask1Price: '90216.4', bid1Price: '90216.3', bid1Size: '11.0845', ask1Size: '4.2309', price24hPcnt: '-0.02605', volume24h: '50772.839', turnover24h: '4667820987.88478', indexPrice: '90247.5410266912815894', markPrice: '90216.4', fundingRate: '0.000047', openInterest: '27606.0718', deliveryStartTime: '', deliveryTime: '', deliveryStatus: '' },
    ]);
    expect(rows.map((r) => [r.category, r.fundingRate])).toEqual([['spot', undefined], ['usdt-futures', '0.000047']]);
  });

  it('keep book levels sent as JSON numbers as decimal text', () => {
    const book = orderbookSnapshot.parse({ a: [[73000.5, 0.007]], b: [['71213.8', '1.836']], ts: '1730969017964' });
    expect(book.a).toEqual([['73000.5', '0.007']]);
    expect(book.b).toEqual([['71213.8', '1.836']]);
    expect(check(orderbookSnapshot, { a: [[-1, 1]], b: [], ts: '1' }).ok).toBe(false);
  });

  it('read candles as seven decimal strings and public fills with their aggressor side', () => {
    expect(candleList.parse([['1687708800000', '27176.93', '27177.43', '27166.93', '27177.43', '2990.08', '81246917.3294']])).toHaveLength(1);
    expect(check(candleList, [['1687708800000', '1', '2', '0.5', '1']]).ok).toBe(false);
    const fills = publicFillList.parse([{ execId: '1', execLinkId: '12345877111', price: '29990.5', size: '0.0166', side: 'sell', ts: '1627116776464', isRPI: 'no' }]);
    expect(fills[0]?.side).toBe('sell');
  });
});

describe('market data requests', () => {
  it('name the field of an unknown interval, a limit out of range, and a range backwards', () => {
    const bad = check(candlesQuery, { category: 'SPOT', symbol: 'BTCUSDT', interval: '2m' });
    expect(bad.ok ? null : bad.field).toBe('interval');
    const limit = check(candlesQuery, { category: 'SPOT', symbol: 'BTCUSDT', interval: '1m', limit: '1001' });
    expect(limit.ok ? null : limit.field).toBe('limit');
    const backwards = check(candlesQuery, { category: 'SPOT', symbol: 'BTCUSDT', interval: '1m', startTime: '2000', endTime: '1000' });
    expect(backwards.ok ? null : backwards.field).toBe('endTime');
    expect(check(candlesQuery, { category: 'spot', symbol: 'BTCUSDT', interval: '1H', limit: '300' }).ok).toBe(true);
  });

  it('refuse a history range beyond 90 days, naming endTime', () => {
    const day = 86_400_000;
    const wide = check(historyCandlesQuery, { category: 'SPOT', symbol: 'BTCUSDT', interval: '1D', startTime: '0', endTime: String(91 * day) });
    expect(wide.ok ? null : wide.field).toBe('endTime');
    expect(check(historyCandlesQuery, { category: 'SPOT', symbol: 'BTCUSDT', interval: '1D', startTime: '0', endTime: String(90 * day) }).ok).toBe(true);
  });
});

describe('market topics', () => {
  it('need an interval on kline, one of the documented ones', () => {
    expect(klineArg.safeParse({ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '1D' }).success).toBe(true);
    expect(marketTopicArg.safeParse({ instType: 'SPOT', topic: 'kline', symbol: 'BTCUSDT' }).success).toBe(false);
    expect(marketTopicArg.safeParse({ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '7m' }).success).toBe(false);
    expect(marketTopicArg.parse({ instType: 'USDT-FUTURES', topic: 'publicTrade', symbol: 'BTCUSDT' }).instType).toBe('usdt-futures');
  });

  it('read a public trade push item', () => {
    expect(publicTradePushItem.parse({ p: '100000', S: 'buy', T: '1736348770627', v: '0.00118', i: '1260903622036942849', L: '1', isRPI: 'no' }).S).toBe('buy');
  });

  it('align candle starts to the interval in UTC', () => {
    expect(candleStart(1_700_000_123_456, '1m')).toBe(1_700_000_100_000);
    expect(candleStart(1_700_000_123_456, '1D')).toBe(1_699_920_000_000);
  });
});
