import { AccountCredentials, storedAccountSchema, type AccountSummary, type StoredAccount } from './account-credentials';
import { readKeyFile } from './key-file';

/** The named exchange accounts this proxy may sign for. */
export class KeyStore {
  readonly #accounts = new Map<string, AccountCredentials>();

  constructor(accounts: StoredAccount[]) {
    for (const a of accounts) {
      if (this.#accounts.has(a.name)) throw new Error(`account "${a.name}" is configured twice`);
      this.#accounts.set(a.name, new AccountCredentials(a));
    }
  }

  get(name: string): AccountCredentials | undefined {
    return this.#accounts.get(name);
  }

  names(): string[] {
    return [...this.#accounts.keys()];
  }

  list(): AccountSummary[] {
    return [...this.#accounts.values()].map((a) => a.summary());
  }

  get size(): number {
    return this.#accounts.size;
  }

  toJSON(): AccountSummary[] {
    return this.list();
  }
}

export class KeySourceError extends Error {
  override name = 'KeySourceError';
}

/** The accounts the embedded simulator seeds (ARCHITECTURE.md); SIM_* may override them. */
export function simulatorAccounts(env: NodeJS.ProcessEnv): StoredAccount[] {
  const pick = (name: string, fallback: string) => env[name] || fallback;
  return [
    { name: 'main', uid: '1000001', apiKey: pick('SIM_MAIN_KEY', 'demo-key'), secret: pick('SIM_MAIN_SECRET', 'demo-secret'), passphrase: pick('SIM_MAIN_PASSPHRASE', 'demo-pass') },
    { name: 'sub', uid: '1000002', apiKey: pick('SIM_SUB_KEY', 'demo-sub-key'), secret: pick('SIM_SUB_SECRET', 'demo-sub-secret'), passphrase: pick('SIM_SUB_PASSPHRASE', 'demo-sub-pass') },
    { name: 'broker', uid: '3000001', apiKey: pick('SIM_BROKER_KEY', 'demo-broker-key'), secret: pick('SIM_BROKER_SECRET', 'demo-broker-secret'), passphrase: pick('SIM_BROKER_PASSPHRASE', 'demo-broker-pass') },
  ];
}

/**
 * Keys for a real upstream: DESK_KEY_FILE + DESK_KEY_PASSPHRASE (several named accounts),
 * else DESK_API_KEY / DESK_API_SECRET / DESK_API_PASSPHRASE (one account named "main",
 * DESK_API_UID optional). Errors name the variables, never their values.
 */
export function upstreamAccounts(env: NodeJS.ProcessEnv, keyFile: string | undefined): StoredAccount[] {
  if (keyFile) {
    const passphrase = env.DESK_KEY_PASSPHRASE;
    if (!passphrase) throw new KeySourceError('DESK_KEY_FILE is set but DESK_KEY_PASSPHRASE is missing');
    const accounts = readKeyFile(keyFile, passphrase);
    if (accounts.length === 0) throw new KeySourceError(`the key file ${keyFile} holds no accounts (add one: tsx server-proxy/bin/keys.ts add <name>)`);
    return accounts;
  }
  const missing = ['DESK_API_KEY', 'DESK_API_SECRET', 'DESK_API_PASSPHRASE'].filter((n) => !env[n]);
  if (missing.length > 0) {
    throw new KeySourceError(`no exchange keys: set ${missing.join(', ')}, or DESK_KEY_FILE and DESK_KEY_PASSPHRASE`);
  }
  const parsed = storedAccountSchema.safeParse({
    name: 'main',
    uid: env.DESK_API_UID || undefined,
    apiKey: env.DESK_API_KEY,
    secret: env.DESK_API_SECRET,
    passphrase: env.DESK_API_PASSPHRASE,
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => String(i.path[0])).join(', ');
    throw new KeySourceError(`invalid exchange key settings (${fields})`);
  }
  return [parsed.data];
}
