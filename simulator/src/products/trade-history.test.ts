import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '@contract/catalog/endpoints';
import { createSimulator, type Simulator } from '../server';
import { call, keysOf } from '../testing/signed-client';
import installProducts from './extension';
import { SEEDED_TRADE_DAYS, seedTrades } from './trade-history';

const DAY = 24 * 3600 * 1000;
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

type Page = { list: Array<{ execId?: string; id?: string; createdTime?: string; ts?: string }>; cursor: string };

async function all(s: Simulator, path: string): Promise<Page['list']> {
  const out: Page['list'] = [];
  let cursor = '';
  for (;;) {
    const page = await call<Page>(s, 'GET', path, { limit: '100', ...(cursor ? { cursor } : {}) }, { key: keysOf.main });
    expect(page.code).toBe('00000');
    out.push(...page.data.list);
    if (page.data.list.length < 100) return out;
    cursor = page.data.cursor;
  }
}

describe('seeded trading history of the trader accounts', () => {
  it('is the same for the same account and seed, and differs with the seed', () => {
    expect(seedTrades(1000001, 1_700_000_000_000, 42)).toEqual(seedTrades(1000001, 1_700_000_000_000, 42));
    expect(seedTrades(1000001, 1_700_000_000_000, 43).fills[0]).not.toEqual(seedTrades(1000001, 1_700_000_000_000, 42).fills[0]);
  });

  it('serves six months of fills and records, paged by cursor newest first without a seam', async () => {
    const s = (sim = createSimulator({ extensions: [installProducts] }));
    const now = Date.now();
    const fills = await all(s, endpoints.fills.path);
    expect(fills.length).toBe(8 * SEEDED_TRADE_DAYS);
    const times = fills.map((f) => Number(f.createdTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.min(...times)).toBeLessThan(now - 170 * DAY);
    const ids = fills.map((f) => f.execId!);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort().reverse()).toEqual(ids);
    const records = await all(s, endpoints.financialRecords.path);
    // Two records per seeded fill (the base coin and USDT), besides the account's live ones.
    expect(records.filter((r) => r.id!.startsWith('0'))).toHaveLength(2 * fills.length);
  });
});
