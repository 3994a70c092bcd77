import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream } from '../test-support/fake-upstream';
import { testDesk, type TestDesk } from '../test-support/test-desk';
import { sessionGate } from './session-gate';

let upstream: FakeUpstream;
let d: TestDesk;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  d = await testDesk(upstream.url);
  const reads = sessionGate(d.ctx, 'audit.read');
  const writes = sessionGate(d.ctx, 'broker.write', { mutating: true });
  d.app.get('/__gate/read', { preHandler: reads.preHandler }, async (request) => ({ user: reads.session(request).user }));
  d.app.post('/__gate/write', { preHandler: writes.preHandler }, async (request) => ({ user: writes.session(request).user }));
  await d.app.ready();
});

afterAll(async () => {
  await d.app.close();
  await upstream.close();
});

describe('sessionGate', () => {
  it('refuses no session with DESK401 and a role without the permission with DESK403 naming it', async () => {
    const none = await d.app.inject({ method: 'GET', url: '/__gate/read' });
    expect([none.statusCode, none.json<{ code: string }>().code]).toEqual([401, 'DESK401']);
    const trader = await d.app.inject({ method: 'GET', url: '/__gate/read', headers: (await d.signIn('trader')).headers });
    expect(trader.statusCode).toBe(403);
    expect(trader.json<{ msg: string }>().msg).toContain('audit.read');
  });

  it('admits a role with the permission and hands the handler its session', async () => {
    const ok = await d.app.inject({ method: 'GET', url: '/__gate/read', headers: (await d.signIn('admin', ['main'], 'ann')).headers });
    expect(ok.json()).toEqual({ user: 'ann' });
  });

  it('asks a change for the desk Origin and the CSRF token as well', async () => {
    const { headers } = await d.signIn('broker', ['main'], 'bob');
    const post = (h: Record<string, string>) => d.app.inject({ method: 'POST', url: '/__gate/write', headers: h, payload: '{}' });
    expect((await post(headers)).json()).toEqual({ user: 'bob' });
    const foreign = await post({ ...headers, origin: 'https://evil.example' });
    expect([foreign.statusCode, foreign.json<{ code: string }>().code]).toEqual([403, 'DESK403O']);
    const forged = await post({ ...headers, 'x-desk-csrf': 'wrong' });
    expect([forged.statusCode, forged.json<{ code: string }>().code]).toEqual([403, 'DESK403O']);
  });
});
