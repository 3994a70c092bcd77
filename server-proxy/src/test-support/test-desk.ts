import { Writable } from 'node:stream';
import type { Role } from '@contract/catalog/endpoints';
import { buildApp, type AppDeps, type DeskApp } from '../app';
import { AuditStore } from '../audit/audit-store';
import { UserStore } from '../auth/user-store';
import { configSchema, type ProxyConfig, type ProxyConfigInput } from '../core/config';
import { KeyStore } from '../keys/key-store';
import { createLogger } from '../core/logger';
import { memoryStore } from '../core/storage/open-storage';

export const TEST_ORIGIN = 'http://127.0.0.1:18080';

export const testAccounts = [
  { name: 'main', uid: '1000001', apiKey: 'test-api-key-main', secret: 'S3CRET-main-do-not-leak', passphrase: 'PASS-main-do-not-leak' },
  { name: 'sub', uid: '1000002', apiKey: 'test-api-key-sub', secret: 'S3CRET-sub-do-not-leak', passphrase: 'PASS-sub-do-not-leak' },
];

export interface TestDesk extends DeskApp {
  logLines: string[];
  userStore: UserStore;
  auditStore: AuditStore;
  /** A signed-in session's headers: cookie (+ csrf and origin for mutations). */
  signIn(role: Role, accounts?: string[], user?: string): Promise<{ cookie: string; csrf: string; headers: Record<string, string> }>;
}

/** A proxy on in-memory databases (unless `deps` brings stores) with two test accounts, pointed at `upstreamUrl`. */
export async function testDesk(upstreamUrl: string, overrides: ProxyConfigInput = {}, deps: Partial<AppDeps> = {}): Promise<TestDesk> {
  const config: ProxyConfig = configSchema.parse({ port: 18080, webDir: 'does-not-exist', logLevel: 'debug', allowedOrigins: [TEST_ORIGIN], ...overrides });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // A test may bring its own stores (e.g. on files, to restart the proxy on the same data).
  const auditStore = deps.auditStore ?? new AuditStore(await memoryStore('audit'));
  const userStore = deps.userStore ?? new UserStore(await memoryStore('users'));
  const desk = await buildApp(config, {
    upstreamUrl,
    keyStore: new KeyStore(testAccounts),
    auditStore,
    userStore,
    logger: createLogger(config.logLevel, sink),
    webDir: null,
    ...deps,
  });
  return {
    ...desk,
    logLines,
    userStore,
    auditStore,
    async signIn(role, accounts = ['main', 'sub'], user = `${role}-user`) {
      // A team user as a login makes one: the session store re-checks the user behind a
      // session every few seconds, and a session with no user row would end.
      await userStore.put({ name: user, role, accounts: [...accounts], passwordHash: 'unused' });
      const session = await desk.ctx.sessions.create({ user, role, accounts });
      const cookie = `desk_session=${session.id}`;
      return {
        cookie,
        csrf: session.csrfToken,
        headers: { cookie, 'x-desk-csrf': session.csrfToken, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      };
    },
  };
}

export const validOrder = {
  category: 'spot',
  symbol: 'BTCUSDT',
  orderType: 'limit',
  qty: '0.01',
  price: '43000.5',
  side: 'buy',
  timeInForce: 'gtc',
  clientOid: 'desk-1',
};
