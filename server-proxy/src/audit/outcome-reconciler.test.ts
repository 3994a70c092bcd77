import { describe, expect, it } from 'vitest';
import { KeyStore } from '../keys/key-store';
import { memoryStore } from '../core/storage/open-storage';
import { testAccounts } from '../test-support/test-desk';
import type { UpstreamRequest, UpstreamResponse } from '../upstream/upstream-client';
import { UpstreamUnavailable } from '../upstream/upstream-client';
import { AuditStore } from './audit-store';
import { OutcomeReconciler, judge } from './outcome-reconciler';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const paths = { unfilledOrders: '/unfilled', historyOrders: '/history' };
const answer = (list: unknown[]): UpstreamResponse => ({ status: 200, contentType: 'application/json', body: Buffer.from(JSON.stringify({ code: '00000', msg: 'success', data: { list, cursor: '' } })) });

async function setup(send: (req: UpstreamRequest) => Promise<UpstreamResponse>) {
  const audit = new AuditStore(await memoryStore('audit'));
  const row = await audit.begin({ time: 1, user: 'u', account: 'main', endpoint: 'placeOrder', method: 'POST', path: '/p', channel: 'rest', requestBody: '{}', orderIds: [], clientOids: ['c-1'] });
  const reconciler = new OutcomeReconciler({ audit, upstream: { send }, keyStore: new KeyStore(testAccounts), logger: quiet, paths, sleep: async () => {}, retryDelaysMs: [0] });
  return { audit, row, reconciler };
}

describe('OutcomeReconciler', () => {
  it('records "not placed" (DESK404U) only after two lookups found nothing, never a plain failure', async () => {
    let lookups = 0;
    const { audit, row, reconciler } = await setup(async () => {
      lookups++;
      return answer([]);
    });
    const outcome = await reconciler.settle({ row, account: 'main', endpoint: 'placeOrder', clientOids: ['c-1'], orderIds: [] }, 'timed out');
    expect(outcome).toMatchObject({ code: 'DESK404U' });
    expect(outcome!.msg).toContain('c-1: not placed');
    expect(lookups).toBe(4); // unfilled and history, twice
    expect((await audit.query({})).list[0]).toMatchObject({ state: 'complete', code: 'DESK404U' });
  });

  it('keeps asking while the exchange does not answer, then records what it finds', async () => {
    let calls = 0;
    const { audit, row, reconciler } = await setup(async (req) => {
      calls++;
      if (calls <= 3) throw new UpstreamUnavailable('timed out');
      return answer(req.path === '/history' ? [{ clientOid: 'c-1', orderId: '42', state: 'filled' }] : []);
    });
    const outcome = await reconciler.settle({ row, account: 'main', endpoint: 'placeOrder', clientOids: ['c-1'], orderIds: [] }, 'timed out');
    expect(outcome).toMatchObject({ code: '00000', orders: [{ clientOid: 'c-1', orderId: '42', state: 'filled' }] });
    expect((await audit.query({})).list[0]).toMatchObject({ state: 'complete', code: '00000', orderIds: ['42'] });
  });

  it('leaves a call that names no order unknown, and says it cannot be looked up', async () => {
    const { audit, row, reconciler } = await setup(async () => answer([]));
    expect(await reconciler.settle({ row, account: 'main', endpoint: 'setLeverage', clientOids: [], orderIds: [] }, 'timed out')).toBeNull();
    expect((await audit.query({})).list[0]).toMatchObject({ state: 'unknown' });
    expect((await audit.query({})).list[0]!.msg).toContain('names no order to look up');
  });

  it('judges a cancel by the state it finds', () => {
    expect(judge('cancel', [{ orderId: '1', state: 'canceled' }]).code).toBe('00000');
    expect(judge('cancel', [{ orderId: '1', state: 'filled' }]).msg).toContain('not cancelled (filled)');
  });
});
