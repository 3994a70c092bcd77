import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { endpoints } from '@contract/catalog/endpoints';
import type { SubaccountList } from '@contract/schemas/broker-subaccounts';
import { ManualClock } from '@contract/core/clock';
import { createSimulator, type Simulator } from '../server';
import { call, keysOf } from '../testing/signed-client';
import { createLimitsExtension } from '../limits/extension';
import installProducts from './extension';
import { BROKER_GENERATED_SUBACCOUNTS, BrokerSubaccounts } from './broker-subaccounts';
import { productsOf } from './products-state';

const START = Math.floor(Date.now() / 1000) * 1000;
let sim: Simulator;

function boot(): Simulator {
  sim = createSimulator({ clock: new ManualClock(START), extensions: [createLimitsExtension(), installProducts] });
  return sim;
}

afterEach(async () => {
  await sim.close();
});

const list = (q: Record<string, string>, key = keysOf.broker) => call<SubaccountList>(sim, 'GET', endpoints.subaccountList.path, q, { key });
const set = (body: Record<string, string>) => call<string>(sim, 'POST', endpoints.setSubaccountAutotransfer.path, body, { key: keysOf.broker });

/** Walks every page with the idLessThan cursor, as a client must. */
function walk(subs: BrokerSubaccounts, q: { limit: number; status?: 'normal' | 'freeze' | 'del' }) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = subs.list({ limit: String(q.limit), ...(q.status ? { status: q.status } : {}), ...(cursor ? { idLessThan: cursor } : {}) });
    seen.push(...page.subList.map((s) => s.subUid));
    if (!page.hasNextPage) return seen;
    cursor = String(page.idLessThan);
  }
}

describe('broker sub-account list (issue 20)', () => {
  it('lists the seeded sub-accounts and 1,200 generated ones, newest first, 10 by default', async () => {
    boot();
    const first = await list({});
    expect(first.code).toBe('00000');
    expect(first.data.subList).toHaveLength(10);
    expect(first.data.hasNextPage).toBe(true);
    const uids = first.data.subList.map((s) => Number(s.subUid));
    expect([...uids].sort((a, b) => b - a)).toEqual(uids);
    expect(first.data.idLessThan).toBe(uids[uids.length - 1]);
    const all = walk(productsOf(sim).brokerSubs, { limit: 100 });
    expect(all).toHaveLength(BROKER_GENERATED_SUBACCOUNTS + 5);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('3000002');
  });

  it('is the same list for the same seed, with frozen and deleted ones among them', () => {
    const a = new BrokerSubaccounts(3000001, { subAccountsOf: () => [] }, 7, START);
    const b = new BrokerSubaccounts(3000001, { subAccountsOf: () => [] }, 7, START);
    const page = (s: BrokerSubaccounts) => s.list({ limit: '100' });
    expect(page(a)).toEqual(page(b));
    const frozen = walk(a, { limit: 100, status: 'freeze' });
    expect(frozen.length).toBeGreaterThan(10);
    expect(walk(a, { limit: 100, status: 'del' }).length).toBeGreaterThan(0);
    for (const uid of frozen) expect(a.find(uid)?.status).toBe('freeze');
  });

  it('pages without gaps or repeats for any page size', () => {
    const subs = new BrokerSubaccounts(3000001, { subAccountsOf: () => [] }, 3, START);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (limit) => {
        const all = walk(subs, { limit });
        expect(all).toHaveLength(BROKER_GENERATED_SUBACCOUNTS);
        expect(new Set(all).size).toBe(all.length);
      }),
      { numRuns: 15 },
    );
  });

  it('filters by creation time and refuses a limit over 100 or a reversed range, naming the field', async () => {
    boot();
    const whole = walk(productsOf(sim).brokerSubs, { limit: 100 });
    const newest = productsOf(sim).brokerSubs.find(whole[0]!)!;
    const r = await list({ startTime: newest.cTime, endTime: newest.cTime });
    expect(r.data.subList.map((s) => s.subUid)).toEqual([newest.subUid]);
    const big = await list({ limit: '101' });
    expect(big.code).not.toBe('00000');
    expect(big.msg).toContain('limit');
    const reversed = await list({ startTime: '2000', endTime: '1000' });
    expect(reversed.msg).toContain('endTime');
  });

  it('refuses a caller that is not an ND broker main', async () => {
    boot();
    expect((await list({}, keysOf.main)).code).toBe('40309');
  });

  it('refuses auto-transfer for a frozen sub-account (40013) and a deleted one (40310), and counts what it applied', async () => {
    boot();
    const subs = productsOf(sim).brokerSubs;
    const [frozen] = walk(subs, { limit: 100, status: 'freeze' });
    const [deleted] = walk(subs, { limit: 100, status: 'del' });
    const [normal] = walk(subs, { limit: 100, status: 'normal' });
    const f = await set({ subUid: frozen!, coin: 'USDT', toAccountType: 'usdt-futures' });
    expect(f).toMatchObject({ code: '40013' });
    expect(f.msg).toContain(frozen!);
    expect((await set({ subUid: deleted!, coin: 'USDT', toAccountType: 'spot' })).code).toBe('40310');
    expect((await set({ subUid: normal!, coin: 'USDT', toAccountType: 'usdt-futures' })).code).toBe('00000');
    expect(subs.receivedCounts()).toEqual({ [normal!]: 1 });
    expect(productsOf(sim).broker.settingsOf(Number(normal))).toEqual({ USDT: 'usdt-futures' });
  });
});
