import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream } from '../test-support/fake-upstream';
import { testDesk, type TestDesk } from '../test-support/test-desk';

let upstream: FakeUpstream;
let d: TestDesk;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  d = await testDesk(upstream.url);
});

afterAll(async () => {
  await d.app.close();
  await upstream.close();
});

const put = async (headers: Record<string, string>, name: string, payload: string) =>
  d.app.inject({ method: 'PUT', url: `/desk/settings/${name}`, headers: { ...headers, 'content-type': 'application/json' }, payload });

describe('/desk/settings', () => {
  it('saves a user’s setting and gives it back to that user only, whatever the role', async () => {
    const viewer = (await d.signIn('viewer', ['main'], 'vera')).headers;
    const saved = await put(viewer, 'confirm-orders', JSON.stringify({ enabled: true, threshold: '250.5' }));
    expect([saved.statusCode, saved.json<{ code: string }>().code]).toEqual([200, '00000']);
    const mine = await d.app.inject({ method: 'GET', url: '/desk/settings', headers: viewer });
    expect(mine.json<{ data: unknown }>().data).toEqual({ 'confirm-orders': { enabled: true, threshold: '250.5' } });
    const other = await d.app.inject({ method: 'GET', url: '/desk/settings', headers: (await d.signIn('trader', ['main'], 'tom')).headers });
    expect(other.json<{ data: unknown }>().data).toEqual({});
  });

  it('refuses an unknown name, a wrong shape and malformed JSON, naming the field, and keeps what was saved', async () => {
    const { headers } = await d.signIn('trader', ['main'], 'tina');
    await put(headers, 'confirm-orders', JSON.stringify({ enabled: true, threshold: '100' }));
    const unknown = await put(headers, 'theme', '{}');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ msg: string }>().msg).toContain('name');
    const negative = await put(headers, 'confirm-orders', JSON.stringify({ enabled: true, threshold: '-5' }));
    expect(negative.statusCode).toBe(400);
    expect(negative.json<{ msg: string }>().msg).toContain('threshold');
    const extra = await put(headers, 'notification-sounds', JSON.stringify({ filled: true, partially_filled: false, canceled: false, tpsl: false, loud: true }));
    expect(extra.statusCode).toBe(400);
    const broken = await put(headers, 'confirm-orders', '{"enabled": tru');
    expect(broken.statusCode).toBe(400);
    const after = await d.app.inject({ method: 'GET', url: '/desk/settings', headers });
    expect(after.json<{ data: unknown }>().data).toEqual({ 'confirm-orders': { enabled: true, threshold: '100' } });
  });

  it('asks a save for a session, the desk Origin and the CSRF token', async () => {
    const none = await d.app.inject({ method: 'GET', url: '/desk/settings' });
    expect(none.statusCode).toBe(401);
    const { headers } = await d.signIn('viewer', ['main'], 'vic');
    const forged = await put({ ...headers, 'x-desk-csrf': 'wrong' }, 'confirm-orders', JSON.stringify({ enabled: false, threshold: '0' }));
    expect([forged.statusCode, forged.json<{ code: string }>().code]).toEqual([403, 'DESK403O']);
  });
});
