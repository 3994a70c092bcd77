import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { auditEntrySchema, type AuditEntry } from '@contract/schemas/audit';
import type { AuditStore } from '../audit/audit-store';
import type { Session } from '../auth/session-store';
import { AccountCredentials } from '../keys/account-credentials';
import type { WsRelayHooks } from './relay-hooks';
import { depsFromHooks, isProxyHooks } from './ws-relay-hooks';

const session: Session = { id: 's1', user: 'alice', role: 'trader', accounts: ['main'], csrfToken: 'c', createdAt: 0, expiresAt: 1, localAdmin: false };
const creds = new AccountCredentials({ name: 'main', uid: '1000001', apiKey: 'k-123456', secret: 's-123456', passphrase: 'p-123456' });

function hooks(rows: AuditEntry[]): WsRelayHooks {
  return {
    authenticateUpgrade: (req) => (req.headers.cookie === 'ok' ? session : undefined),
    accountFor: (s, name) => (s === session && (name ?? 'main') === 'main' ? creds : undefined),
    checkOrigin: (origin) => origin === 'http://127.0.0.1:8080',
    permissionsFor: () => ['trade.write', 'market.read'],
    audit: { record: (e: AuditEntry) => rows.push(auditEntrySchema.parse(e)) } as unknown as AuditStore,
    upstream: { wsPublic: 'ws://127.0.0.1:1/v3/ws/public', wsPrivate: 'ws://127.0.0.1:1/v3/ws/private' },
    logger: {} as Logger,
    clock: { now: () => 5 },
  };
}

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('depsFromHooks', () => {
  it("adapts the proxy's session, origin, account and audit hooks to the relay's deps", async () => {
    const rows: AuditEntry[] = [];
    const h = hooks(rows);
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
    await deps.audit({
      time: 5, user: 'alice', role: 'trader', account: 'main', uid: '1000001', endpoint: 'ws:batch-place', category: 'spot',
      body: { op: 'trade', id: 'x' }, code: '0', msg: 'success', orderId: '1,2', clientOid: 'a,b', decidedBy: 'upstream',
    });
    await deps.audit({
      time: 6, user: 'alice', role: 'trader', account: 'main', uid: '1000001', endpoint: 'ws:place-order', category: 'spot',
      body: { op: 'trade', id: 'y' }, code: 'DESK400', msg: 'args: bad', orderId: undefined, clientOid: undefined, decidedBy: 'relay',
    });
    expect(rows.map((r) => [r.channel, r.endpoint, r.httpStatus, r.orderIds, r.clientOids])).toEqual([
      ['ws', 'ws:batch-place', 200, ['1', '2'], ['a', 'b']],
      ['ws', 'ws:place-order', 400, [], []],
    ]);
  });
});
