import { describe, expect, it } from 'vitest';
import { channelKey, channelKind, readChannelArg } from './ws-channel';
import { checkSubscription } from './ws-subscription-check';

const trader = { role: 'trader', permissions: ['market.read'] };

describe('public market topics through the relay (issue 18)', () => {
  it('take kline with a documented interval and publicTrade, and refuse a kline interval naming the field', () => {
    const ok = checkSubscription({ op: 'subscribe', args: [{ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' }, { instType: 'usdt-futures', topic: 'publicTrade', symbol: 'BTCUSDT' }] }, 'public', trader);
    expect(ok.ok).toBe(true);
    const bad = checkSubscription({ op: 'subscribe', args: [{ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '2m' }] }, 'public', trader);
    expect(bad).toMatchObject({ ok: false, code: '30016', params: { detail: expect.stringMatching(/^args\.0\.interval /) } });
    const missing = checkSubscription({ op: 'subscribe', args: [{ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT' }] }, 'public', trader);
    expect(missing).toMatchObject({ ok: false, params: { detail: expect.stringMatching(/interval/) } });
  });

  it('share one upstream channel per interval, and conflate kline like a snapshot', () => {
    const a = readChannelArg({ instType: 'SPOT', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' });
    const b = readChannelArg({ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '5m' });
    expect(channelKey(a!)).not.toBe(channelKey(b!));
    expect(channelKey(a!)).toBe(channelKey(readChannelArg({ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' })!));
    expect(channelKind('kline')).toBe('snapshot');
    expect(channelKind('publicTrade')).toBe('event');
  });
});
