import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream } from '../test-support/fake-upstream';
import { testDesk, type TestDesk } from '../test-support/test-desk';

let upstream: FakeUpstream;
let desk: TestDesk;
let base: string;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  desk = await testDesk(upstream.url, { logLevel: 'warn' });
  base = await desk.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await desk.app.close();
  await upstream.close();
});

describe('a queued call whose browser leaves', () => {
  it('is never sent upstream, and the audit says so', async () => {
    const { headers } = await desk.signIn('admin', ['main'], 'quitter');
    const body = JSON.stringify({ subUid: '3000002', coin: 'USDT', toAccountType: 'spot' });
    const send = (signal?: AbortSignal) =>
      fetch(`${base}/api/v2/broker/account/set-subaccount-autotransfer`, { method: 'POST', headers: { ...headers, 'x-desk-account': 'main' }, body, ...(signal ? { signal } : {}) });
    // Ten calls use the documented 10/s; the eleventh must wait about a second.
    const first = await Promise.all(Array.from({ length: 10 }, () => send()));
    expect(first.map((r) => r.status)).toEqual(Array(10).fill(200));
    const abort = new AbortController();
    const queued = send(abort.signal).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200));
    abort.abort();
    await queued;
    await new Promise((r) => setTimeout(r, 1500));
    const relayed = upstream.calls.filter((c) => c.url.includes('set-subaccount-autotransfer'));
    expect(relayed).toHaveLength(10);
    const rows = (await desk.auditStore.query({ user: 'quitter', limit: 20 })).list;
    expect(rows).toHaveLength(11);
    expect(rows[0]).toMatchObject({ code: 'DESK499', httpStatus: 0, endpoint: 'setSubaccountAutotransfer' });
  });
});
