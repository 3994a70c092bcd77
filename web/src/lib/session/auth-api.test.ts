import { describe, expect, it } from 'vitest';
import { fetchMe, login, logout } from './auth-api';

const meBody = {
  user: 'admin',
  role: 'admin',
  permissions: ['trade.read', 'trade.write'],
  accounts: [{ name: 'main', uid: 1000001 }],
  defaultAccount: 'main',
  csrfToken: 'csrf-9',
};

const answer = (status: number, body: unknown, seen: { url: string; init: RequestInit }[] = []) =>
  async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  };

describe('fetchMe', () => {
  it('parses the signed-in user, with the UID as text', async () => {
    const me = await fetchMe(answer(200, meBody));
    expect(me?.accounts).toEqual([{ name: 'main', uid: '1000001' }]);
    expect(me?.csrfToken).toBe('csrf-9');
  });

  it('accepts the same answer wrapped in the exchange envelope', async () => {
    const me = await fetchMe(answer(200, { code: '00000', msg: 'success', requestTime: 1, data: meBody }));
    expect(me?.user).toBe('admin');
  });

  it('gives null without a session (401), so the login form shows', async () => {
    await expect(fetchMe(answer(401, { code: 'DESK401', msg: 'Sign in first', requestTime: 1, data: null }))).resolves.toBeNull();
  });

  it('throws on other failures instead of pretending to be signed out', async () => {
    await expect(fetchMe(answer(500, { code: '45001', msg: 'Internal error', requestTime: 1, data: null }))).rejects.toMatchObject({ status: 500 });
  });

  it('names the missing field of a malformed answer', async () => {
    await expect(fetchMe(answer(200, { ...meBody, csrfToken: undefined }))).rejects.toThrow(/csrfToken/);
  });
});

describe('login and logout', () => {
  it('posts the credentials as JSON', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    await login('ops1', 'pw', answer(200, { ok: true }, seen));
    expect(seen[0]?.url).toBe('/auth/login');
    expect(seen[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({ username: 'ops1', password: 'pw' });
  });

  it('surfaces the proxy’s message for wrong credentials', async () => {
    await expect(login('ops1', 'bad', answer(401, { code: 'DESK401', msg: 'wrong username or password', requestTime: 1, data: null }))).rejects.toMatchObject({
      msg: 'wrong username or password',
      status: 401,
    });
  });

  it('sends the CSRF token on logout', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    await logout('csrf-9', answer(200, {}, seen));
    expect((seen[0]?.init.headers as Record<string, string>)['x-desk-csrf']).toBe('csrf-9');
  });
});
