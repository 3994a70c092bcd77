import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { AuditStore } from '../audit/audit-store';
import type { Session } from '../auth/session-store';
import { AccountCredentials } from '../keys/account-credentials';
import { memoryStore } from '../core/storage/open-storage';
import type { WsRelayHooks } from './ws-relay-hooks';
import { depsFromHooks, isProxyHooks } from './ws-relay-hooks';

const session: Session = { id: 's1', user: 'alice', role: 'trader', accounts: ['main'], csrfToken: 'c', createdAt: 0, expiresAt: 1, localAdmin: false };
const creds = new AccountCredentials({ name: 'main', uid: '1000001', apiKey: 'k-123456', secret: 's-123456', passphrase: 'p-123456' });

function hooks(audit: AuditStore): WsRelayHooks {
  return {
    authenticateUpgrade: async (req) => (req.headers.cookie === 'ok' ? session : undefined),
    accountFor: (s, name) => (s === session && (name ?? 'main') === 'main' ? creds : undefined),
    checkOrigin: (origin) => origin === 'http://127.0.0.1:8080',
    permissionsFor: () => ['trade.write', 'market.read'],
    audit,
    upstream: { wsPublic: 'ws://127.0.0.1:1/v3/ws/public', wsPrivate: 'ws://127.0.0.1:1/v3/ws/private' },
    logger: {} as Logger,
    clock: { now: () => 5 },
  };
}

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('depsFromHooks', () => {
  it("adapts the proxy's session, origin and account hooks to the relay's deps", async () => {
    const h = hooks(new AuditStore(await memoryStore('audit')));
    expect(isProxyHooks(h)).toBe(true);
    const deps = depsFromHooks(h);
    expect(await deps.authenticateUpgrade(req({}))).toBeNull();
    const s = (await deps.authenticateUpgrade(req({ cookie: 'ok' })))!;
    expect(s).toEqual({ user: 'alice', role: 'trader', permissions: ['trade.write', 'market.read'], accounts: ['main'] });
    expect(deps.checkOrigin(req({ origin: 'http://127.0.0.1:8080' }))).toBe(true);
    expect(deps.checkOrigin(req({ origin: 'http://evil.example' }))).toBe(false);
    expect(deps.accountFor(s, 'main')).toEqual({ name: 'main', uid: '1000001', apiKey: 'k-123456', secret: 's-123456', passphrase: 'p-123456' });
    expect(deps.accountFor(s, 'other')).toBeNull();
    expect(deps.upstream).toEqual({ publicUrl: 'ws://127.0.0.1:1/v3/ws/public', privateUrl: 'ws://127.0.0.1:1/v3/ws/private' });
  });

  it('writes a trade op ahead (state sent), completes that row with the outcome, and records a refusal as one row', async () => {
    const store = new AuditStore(await memoryStore('audit'));
    const deps = depsFromHooks(hooks(store));
    const base = { user: 'alice', role: 'trader', account: 'main', uid: '1000001', category: 'spot' };
    const row = await deps.audit({
      ...base, time: 5, endpoint: 'ws:batch-place', body: { op: 'trade', id: 'x' }, code: '', msg: '', orderId: undefined, clientOid: 'a,b',
      decidedBy: undefined, state: 'sent', sentRow: undefined,
    });
    expect(typeof row).toBe('number');
    expect((await store.query({})).list[0]).toMatchObject({ id: row, state: 'sent', channel: 'ws', method: 'WS', httpStatus: 0, code: '', clientOids: ['a', 'b'] });
    await deps.audit({
      ...base, time: 6, endpoint: 'ws:batch-place', body: { op: 'trade', id: 'x' }, code: '0', msg: 'success', orderId: '1,2', clientOid: 'a,b',
      decidedBy: 'upstream', state: 'complete', sentRow: row as number,
    });
    await deps.audit({
      ...base, time: 7, endpoint: 'ws:place-order', body: { op: 'trade', id: 'y' }, code: 'DESK400', msg: 'args: bad', orderId: undefined, clientOid: undefined,
      decidedBy: 'relay', state: 'complete', sentRow: undefined,
    });
    expect((await store.query({})).list.reverse().map((r) => [r.channel, r.endpoint, r.state, r.time, r.httpStatus, r.orderIds, r.clientOids])).toEqual([
      ['ws', 'ws:batch-place', 'complete', 5, 200, ['1', '2'], ['a', 'b']],
      ['ws', 'ws:place-order', 'complete', 7, 400, [], []],
    ]);
  });
});
