// websocket.md "Strategy Order Channel": no push at subscription, then one push for every
// strategy order placed, changed, fired or cancelled, in the documented shape.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWsLogin } from '@contract/core/signing';
import { strategyOrderPush } from '@contract/schemas/ws-private';
import { money } from '../../core/money';
import { createSimulator, type Simulator } from '../../server';
import { keysOf, ok } from '../../testing/signed-client';
import { createWsExtension } from './extension';
import { isEvent, isPush, TestSocket } from './testing/ws-test-client';

let sim: Simulator;
let url: string;
const sockets: TestSocket[] = [];

beforeEach(async () => {
  sim = createSimulator({ extensions: [createWsExtension({ idleMs: 60_000 })] });
  url = `ws://127.0.0.1:${await sim.listen(0)}/v3/ws/private`;
});

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await sim.close();
});

const fut = (side: string, price: string, qty: string, extra: Record<string, string> = {}) => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side, price, qty, ...extra });
const pushes = (s: TestSocket) => s.frames.filter(isPush('strategy-order')).flatMap((f) => strategyOrderPush.parse(f).data);

describe('the strategy-order channel', () => {
  it('pushes a preset TP/SL as it attaches and again when the mark fires it', async () => {
    const s = await TestSocket.open(url);
    sockets.push(s);
    s.send(buildWsLogin({ ...keysOf.main, timestamp: String(Math.floor(Date.now() / 1000)) }));
    await s.waitFor(isEvent('login'));
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'strategy-order', symbol: 'default' }] });
    expect(await s.waitFor(isEvent('subscribe'))).toMatchObject({ arg: { instType: 'UTA', topic: 'strategy-order', symbol: 'default' } });

    sim.market.setMark('BTCUSDT', money('60000'));
    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('sell', '60000', '0.1'), { key: keysOf.other });
    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('buy', '60000', '0.1', { takeProfit: '61000', tpTriggerBy: 'mark' }));
    const attached = await s.waitFor(isPush('strategy-order'));
    expect(attached).toMatchObject({ action: 'snapshot', arg: { topic: 'strategy-order', symbol: 'default' } });
    expect(pushes(s)).toMatchObject([{ category: 'usdt-futures', type: 'tpsl', status: 'pending', side: 'sell', posSide: 'long', qty: '0.1', takeProfit: '61000', tpTriggerBy: 'mark', reduceOnly: 'yes' }]);

    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('buy', '60500', '1'), { key: keysOf.other });
    sim.market.setMark('BTCUSDT', money('61000'));
    await s.waitFor(() => pushes(s).length === 2);
    expect(pushes(s)[1]).toMatchObject({ status: 'success', triggerType: 'takeProfit' });
  });
});
