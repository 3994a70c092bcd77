// issue 9: the simulator's faults mode, driven through its admin routes as the chaos test
// drives it. REST faults go through Fastify inject and a real socket; WebSocket faults
// through a plain ws client.
import { afterEach, describe, expect, it } from 'vitest';
import { signedHeaders } from '@contract/core/signing';
import { createSimulator, type Simulator } from '../server';
import { createWsExtension } from '../api/ws/extension';
import { isEvent, isPush, TestSocket } from '../api/ws/testing/ws-test-client';
import { call, keysOf } from '../testing/signed-client';
import { spotBuy } from '../testing/sim-fixture';
import { createFaultsExtension } from './extension';
import { faultsOff, type FaultPatch } from './fault-config';
import type { FaultReport } from './fault-ledger';

let sim: Simulator;
const sockets: TestSocket[] = [];

function start(): Simulator {
  sim = createSimulator({ extensions: [createWsExtension({ bookIntervalMs: 20 }), createFaultsExtension({ ...faultsOff })] });
  return sim;
}

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await sim.close();
});

async function setFaults(patch: FaultPatch): Promise<void> {
  const res = await sim.app.inject({ method: 'POST', url: '/__sim/faults', payload: JSON.stringify(patch), remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
}

async function report(): Promise<FaultReport & { settings: unknown }> {
  const res = await sim.app.inject({ method: 'GET', url: '/__sim/faults', remoteAddress: '127.0.0.1' });
  return res.json();
}

async function ordersByClientOid(clientOid: string): Promise<unknown[]> {
  const a = await call<{ list: unknown[] }>(sim, 'GET', '/api/v3/trade/unfilled-orders', { clientOid });
  return a.data.list;
}

describe('REST faults', () => {
  it('answers 503 before anything is done, counts it, and counts the retry with the same clientOid as recovered', async () => {
    start();
    await setFaults({ enabled: true, rest5xxRate: 1 });
    const failed = await call(sim, 'POST', '/api/v3/trade/place-order', spotBuy('50000', '0.001', { clientOid: 'chaos-1' }));
    expect(failed.status).toBe(503);
    expect(failed.code).toBe('45002');
    await setFaults({ enabled: false });
    expect(await ordersByClientOid('chaos-1')).toHaveLength(0);
    expect((await report()).injected.rest5xx).toBe(1);

    const retried = await call(sim, 'POST', '/api/v3/trade/place-order', spotBuy('50000', '0.001', { clientOid: 'chaos-1' }));
    expect(retried.code).toBe('00000');
    const r = await report();
    expect(r.recovered).toBe(1);
    expect(r.outstanding).toBe(0);
  });

  it('places the order and then answers 500 when the answer is lost in 5xx mode', async () => {
    start();
    await setFaults({ enabled: true, restLostRate: 1, restLostMode: '5xx' });
    const lost = await call(sim, 'POST', '/api/v3/trade/place-order', spotBuy('50000', '0.001', { clientOid: 'chaos-2' }));
    expect(lost.status).toBe(500);
    await setFaults({ enabled: false });
    expect(await ordersByClientOid('chaos-2')).toHaveLength(1);
    expect((await report()).injected.restLost5xx).toBe(1);
  });

  it('leaves reads alone when only answers of mutations are to be lost', async () => {
    start();
    await setFaults({ enabled: true, restLostRate: 1 });
    const read = await call(sim, 'GET', '/api/v3/trade/unfilled-orders');
    expect(read.code).toBe('00000');
    expect((await report()).total).toBe(0);
  });

  it('places the order and destroys the connection in destroy mode, over a real socket', async () => {
    start();
    const port = await sim.listen(0);
    await setFaults({ enabled: true, restLostRate: 1, restLostMode: 'destroy' });
    const body = JSON.stringify(spotBuy('50000', '0.001', { clientOid: 'chaos-3' }));
    const path = '/api/v3/trade/place-order';
    const headers = { ...signedHeaders(keysOf.main, { timestamp: String(Date.now()), method: 'POST', path, query: '', body }, 'en-US') };
    await expect(fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers, body })).rejects.toThrow();
    await setFaults({ enabled: false });
    expect(await ordersByClientOid('chaos-3')).toHaveLength(1);
    expect((await report()).injected.restLostDestroyed).toBe(1);
  });

  it('makes the same choices for the same seed and the same calls', async () => {
    const outcomes: number[][] = [];
    for (let run = 0; run < 2; run++) {
      start();
      await setFaults({ enabled: true, seed: 99, rest5xxRate: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await call(sim, 'GET', '/api/v3/trade/unfilled-orders')).status);
      outcomes.push(statuses);
      await sim.close();
    }
    sim = createSimulator();
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]).toContain(503);
    expect(outcomes[0]).toContain(200);
  });

  it('refuses a bad setting with 400 naming the field, and callers off loopback with 403', async () => {
    start();
    const bad = await sim.app.inject({ method: 'POST', url: '/__sim/faults', payload: '{"msgDupRate":-1}', remoteAddress: '127.0.0.1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'msgDupRate' });
    const remote = await sim.app.inject({ method: 'GET', url: '/__sim/faults', remoteAddress: '10.0.0.5' });
    expect(remote.statusCode).toBe(403);
  });
});

describe('WebSocket faults', () => {
  async function openPublic(): Promise<TestSocket> {
    const port = sim.app.server.listening ? (sim.app.server.address() as { port: number }).port : await sim.listen(0);
    const s = await TestSocket.open(`ws://127.0.0.1:${port}/v3/ws/public`);
    sockets.push(s);
    return s;
  }
  const books = { instType: 'SPOT', topic: 'books', symbol: 'BTCUSDT' };

  it('sends every depth push twice at a duplicate rate of 1, but the subscribe ack once', async () => {
    start();
    await setFaults({ enabled: true, msgDupRate: 1, msgScope: 'book' });
    const s = await openPublic();
    s.send({ op: 'subscribe', args: [books] });
    await s.waitForCount(isPush('books'), 2);
    await s.sync();
    expect(s.frames.filter(isEvent('subscribe'))).toHaveLength(1);
    const [a, b] = s.frames.filter(isPush('books'));
    expect(a).toEqual(b);
    expect((await report()).injected.msgDuplicated).toBeGreaterThanOrEqual(1);
  });

  it('loses depth pushes at a drop rate of 1, and counts a resubscription as their recovery', async () => {
    start();
    await setFaults({ enabled: true, msgDropRate: 1 });
    const s = await openPublic();
    s.send({ op: 'subscribe', args: [books] });
    await s.waitFor(isEvent('subscribe'));
    await s.sync();
    expect(s.frames.filter(isPush('books'))).toHaveLength(0);
    const lost = await report();
    expect(lost.injected.msgDropped).toBeGreaterThanOrEqual(1);
    await setFaults({ enabled: false });
    s.send({ op: 'unsubscribe', args: [books] });
    s.send({ op: 'subscribe', args: [books] });
    await s.waitFor(isPush('books'));
    const after = await report();
    expect(after.recovered).toBe(after.injected.msgDropped);
  });

  it('cuts every connection on demand and counts the next connection as recovery', async () => {
    start();
    const s = await openPublic();
    const res = await sim.app.inject({ method: 'POST', url: '/__sim/faults/drop-connections', remoteAddress: '127.0.0.1' });
    expect(res.json()).toEqual({ dropped: 1 });
    await s.closed;
    expect((await report()).outstanding).toBe(1);
    await openPublic();
    expect((await report()).recovered).toBe(1);
  });

  it('cuts connections every N seconds while enabled', async () => {
    start();
    const s = await openPublic();
    await setFaults({ enabled: true, wsDropEverySec: 0.1 });
    await s.closed;
    expect((await report()).injected.wsDrop).toBeGreaterThanOrEqual(1);
  });
});

describe('flow control', () => {
  it('stops and restarts the synthetic market flow, answering the rate it had', async () => {
    start();
    const flow = (rate: unknown) => sim.app.inject({ method: 'POST', url: '/__sim/flow', payload: JSON.stringify({ rate }), remoteAddress: '127.0.0.1' });
    expect((await flow(7)).json()).toEqual({ rate: 7, previous: 0 });
    expect(sim.flow.rate).toBe(7);
    expect((await flow(0)).json()).toEqual({ rate: 0, previous: 7 });
    expect(sim.flow.rate).toBe(0);
    const bad = await sim.app.inject({ method: 'POST', url: '/__sim/flow', payload: '{"rate":"fast"}', remoteAddress: '127.0.0.1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'rate' });
  });
});
