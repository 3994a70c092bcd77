// Issue 16 finding 10: the loopback admin routes took a cross-origin text/plain POST, so
// any web page in the same browser could move money in the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../server';
import { installedExtensions } from '../installed-extensions';

let sim: Simulator;
let base: string;
beforeAll(async () => {
  sim = createSimulator({ env: {}, seed: 1, flowRate: 0, extensions: installedExtensions });
  base = `http://127.0.0.1:${await sim.listen(0)}`;
});
afterAll(() => sim.close());

const deposit = JSON.stringify({ uid: '1000001', coin: 'USDT', amount: '5' });
const post = (path: string, body: string | undefined, headers: Record<string, string>) => fetch(base + path, { method: 'POST', headers, ...(body === undefined ? {} : { body }) });

describe('/__sim/ admin routes', () => {
  it('refuse a cross-origin text/plain POST, as a web page would send it', async () => {
    const res = await post('/__sim/deposit', deposit, { 'content-type': 'text/plain', origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(((await (await fetch(`${base}/__sim/deposits`)).json()) as unknown[]).length).toBe(0);
  });

  it('refuse a text/plain body even without an Origin, and any foreign Origin even with JSON', async () => {
    expect((await post('/__sim/deposit', deposit, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post('/__sim/deposit', deposit, { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await post('/__sim/faults/drop-connections', undefined, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetch(`${base}/__sim/faults`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('accept application/json from loopback with no Origin or its own Origin', async () => {
    expect((await post('/__sim/deposit', deposit, { 'content-type': 'application/json' })).status).toBe(200);
    expect((await post('/__sim/deposit', deposit, { 'content-type': 'application/json', origin: base })).status).toBe(200);
    expect((await post('/__sim/faults/drop-connections', undefined, {})).status).toBe(200);
  });
});
