import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '@contract/catalog/endpoints';
import { REVISE_HISTORY_WINDOW_MS } from '@contract/schemas/earn-broker-convert';
import { createSimulator, type Simulator } from '../server';
import { call, keysOf } from '../testing/signed-client';
import installProducts from './extension';
import installAdmin from '../admin/extension';
import { productsOf } from './products-state';
import { seedLoans } from './loan-revisions';

const DAY = 24 * 3600 * 1000;
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('seeded loan history and the history clock', () => {
  it('reaches back more than twelve months for five loans, the same on every run', () => {
    const a = seedLoans(1000001, 1_700_000_000_000);
    const b = seedLoans(1000001, 1_700_000_000_000);
    expect(a).toEqual(b);
    expect(a.orders.map((o) => o.order.orderId)).toEqual(['100000171', '100000172', '100000173', '100000174', '100000175']);
    const oldest = Math.min(...a.revisions.map((r) => Number(r.reviseTime)));
    expect(oldest).toBeLessThan(1_700_000_000_000 - 365 * DAY);
  });

  it('lists ongoing orders and borrow history, and ages revisions out of the window when advanced', async () => {
    sim = createSimulator({ extensions: [installProducts, installAdmin] });
    const now = Date.now();
    const s = sim;
    const ongoing = await call<Array<{ orderId: string }>>(s, 'GET', endpoints.loanOngoingOrders.path, {}, { key: keysOf.main });
    expect(ongoing.code).toBe('00000');
    expect(ongoing.data.map((o) => o.orderId)).toEqual(['100000171', '100000172', '100000173']);
    const borrowed = await call<Array<{ orderId: string; status: string }>>(s, 'GET', endpoints.loanBorrowHistory.path, { startTime: String(now - 500 * DAY), endTime: String(now), pageSize: '100' }, { key: keysOf.main });
    expect(borrowed.data.map((b) => b.status).sort()).toEqual(['FORCE', 'ONGOING', 'ONGOING', 'ONGOING', 'REPAY']);

    const range = { startTime: String(now - 80 * DAY), endTime: String(now), pageSize: '100' };
    const before = await call<Array<{ reviseTime: string }>>(s, 'GET', endpoints.reviseHistory.path, range, { key: keysOf.main });
    expect(before.code).toBe('00000');
    expect(before.data.length).toBeGreaterThan(0);

    const advanced = await s.app.inject({ method: 'POST', url: '/__sim/clock/advance', payload: { ms: 120 * DAY } });
    expect(advanced.json()).toMatchObject({ offsetMs: 120 * DAY });
    const after = await call(s, 'GET', endpoints.reviseHistory.path, range, { key: keysOf.main });
    expect(after.code).toBe('40017');
    expect(after.msg).toMatch(/startTime.*three months/);
    // New revisions appeared after the old "now".
    const later = productsOf(s).loans.of(1000001, Date.now());
    expect(Math.max(...later.map((r) => Number(r.reviseTime)))).toBeGreaterThan(now + 60 * DAY);
    const fresh = await call<unknown[]>(s, 'GET', endpoints.reviseHistory.path, { startTime: String(now + 120 * DAY - REVISE_HISTORY_WINDOW_MS + DAY), endTime: String(now + 121 * DAY), pageSize: '100' }, { key: keysOf.main });
    expect(fresh.code).toBe('00000');
    expect(fresh.data.length).toBeGreaterThan(0);
  });

  it('refuses a bad advance with a message naming the field', async () => {
    const s = (sim = createSimulator({ extensions: [installProducts, installAdmin] }));
    const bad = await s.app.inject({ method: 'POST', url: '/__sim/clock/advance', payload: { ms: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^ms: /);
    const text = await s.app.inject({ method: 'POST', url: '/__sim/clock/advance', headers: { 'content-type': 'text/plain' }, payload: '{"ms":1}' });
    expect(text.statusCode).toBe(415);
  });
});
