// The depth cadence on real timers, as main.ts runs it (no manual flushing).
import { afterEach, describe, expect, it } from 'vitest';
import { depthPushSchema } from '@contract/schemas/ws-depth';
import { MAKER_UID } from '../../accounts/seed-accounts';
import { createSimulator, type Simulator } from '../../server';
import { createWsExtension } from './extension';
import { wsOptionsFromEnv } from './ws-options';
import { TestSocket } from './testing/ws-test-client';

let sim: Simulator;
let socket: TestSocket | undefined;
afterEach(async () => {
  socket?.close();
  await sim.close();
});

async function subscribedBooks(bookIntervalMs: number): Promise<TestSocket> {
  sim = createSimulator({ extensions: [createWsExtension({ bookIntervalMs })] });
  const port = await sim.listen(0);
  socket = await TestSocket.open(`ws://127.0.0.1:${port}/v3/ws/public`);
  socket.send({ op: 'subscribe', args: [{ instType: 'USDT-FUTURES', topic: 'books', symbol: 'BTCUSDT' }] });
  await socket.waitFor((f) => typeof f === 'object' && f.action === 'snapshot');
  return socket;
}

describe('books cadence', () => {
  const placeThree = () => {
    for (let i = 0; i < 3; i++) sim.orders.place(MAKER_UID, { category: 'usdt-futures', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '60000', qty: '0.1' });
  };
  const updates = (s: TestSocket) => s.frames.filter((f) => typeof f === 'object' && f.action === 'update').map((f) => depthPushSchema.parse(f).data[0]!);

  it('coalesces a burst into one update carrying the final size (interval 20 ms)', async () => {
    const s = await subscribedBooks(20);
    placeThree(); // three commands in one turn of the event loop, one price level
    await s.waitFor((f) => typeof f === 'object' && f.action === 'update');
    await s.sync();
    expect(updates(s).map((d) => [d.b, d.pseq])).toEqual([[[['60000.0', '0.300']], 1]]);
  });

  it('pushes after every command when the interval is 0', async () => {
    const s = await subscribedBooks(0);
    placeThree();
    await s.sync();
    expect(updates(s).map((d) => d.b)).toEqual([[['60000.0', '0.100']], [['60000.0', '0.200']], [['60000.0', '0.300']]]);
  });
});

describe('WebSocket options from the environment', () => {
  it('reads SIM_BOOK_INTERVAL_MS and friends, and names a bad value', () => {
    expect(wsOptionsFromEnv({ SIM_BOOK_INTERVAL_MS: '0', SIM_WS_IDLE_MS: '5000', SIM_WS_MSG_PER_SEC: '20' })).toEqual({ bookIntervalMs: 0, idleMs: 5000, messagesPerSecond: 20 });
    expect(() => wsOptionsFromEnv({ SIM_BOOK_INTERVAL_MS: 'fast' })).toThrow(/SIM_BOOK_INTERVAL_MS/);
  });
});

describe('closing the simulator', () => {
  it('closes its open WebSocket connections and refuses other upgrade paths', async () => {
    sim = createSimulator({ extensions: [createWsExtension()] });
    const port = await sim.listen(0);
    await expect(TestSocket.open(`ws://127.0.0.1:${port}/v3/ws/elsewhere`)).rejects.toThrow(/404/);
    const s = await TestSocket.open(`ws://127.0.0.1:${port}/v3/ws/private`);
    await sim.close();
    expect((await s.closed).code).toBeGreaterThan(0);
    sim = createSimulator(); // for afterEach
  });
});
