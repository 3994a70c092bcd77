// A real client we did not write: the published npm package bitget-api. Its RestClientV2
// calls the four v2 operations (method names from its source: getLoanPledgeRateHistory,
// subaccountSetAutoTransfer, getEarnSavingsRedemptionResult, convertBGB) against the
// simulator on a real port, and every call succeeds (issue 4).
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../server';
import installLimits from '../limits/extension';
import installProducts from './extension';
import installAdmin from '../admin/extension';

const require = createRequire(import.meta.url);

interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
}
interface RestClientV2 {
  getLoanPledgeRateHistory(params: Record<string, string>): Promise<Envelope<{ orderId: string }[]>>;
  subaccountSetAutoTransfer(params: Record<string, string>): Promise<Envelope<string>>;
  getEarnSavingsRedemptionResult(params: Record<string, string>): Promise<Envelope<{ result: string; msg: string }>>;
  convertBGB(params: { coinList: unknown }): Promise<Envelope<{ orderList: { coin: string; orderId: string }[] }>>;
}
const { RestClientV2: Client } = require('bitget-api') as { RestClientV2: new (options: Record<string, unknown>) => RestClientV2 };

let sim: Simulator;
let base: string;
const keys = {
  main: { apiKey: 'demo-key', apiSecret: 'demo-secret', apiPass: 'demo-pass' },
  broker: { apiKey: 'demo-broker-key', apiSecret: 'demo-broker-secret', apiPass: 'demo-broker-pass' },
};

beforeAll(async () => {
  sim = createSimulator({ extensions: [installLimits, installProducts, installAdmin] });
  base = `http://127.0.0.1:${await sim.listen(0)}`;
});
afterAll(async () => sim.close());

describe('the bitget-api RestClientV2 against the simulator', () => {
  it('calls revise-history, set-subaccount-autotransfer, redeem-result and native conversion successfully', async () => {
    const main = new Client({ ...keys.main, baseUrl: base });
    const broker = new Client({ ...keys.broker, baseUrl: base });
    const now = Date.now();
    const history = await main.getLoanPledgeRateHistory({ startTime: String(now - 30 * 24 * 3600 * 1000), endTime: String(now), pageSize: '20' });
    expect(history.code).toBe('00000');
    expect(history.data.length).toBeGreaterThan(0);

    const set = await broker.subaccountSetAutoTransfer({ subUid: '3000002', coin: 'USDT', toAccountType: 'usdt-futures' });
    expect(set).toMatchObject({ code: '00000', data: 'success' });

    const redeem = await main.getEarnSavingsRedemptionResult({ orderId: '100000181', periodType: 'flexible' });
    expect(redeem).toMatchObject({ code: '00000', data: { result: 'success', msg: '' } });

    // The public API's path (/api/v2/convert/bgb-convert), with coinList as a JSON array.
    const converted = await main.convertBGB({ coinList: ['DOGE', 'ADA'] });
    expect(converted.code).toBe('00000');
    expect(converted.data.orderList.map((o) => o.coin)).toEqual(['DOGE', 'ADA']);

    const log = (await sim.app.inject({ method: 'GET', url: '/__sim/request-log' })).json<{ status: number }[]>();
    expect(log.map((e) => e.status)).toEqual([200, 200, 200, 200]);
  });
});
