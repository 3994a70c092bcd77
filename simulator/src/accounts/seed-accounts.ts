// The seeded accounts of ARCHITECTURE.md, with the SIM_* environment overrides for their
// keys (documented in simulator/README.md), plus the market-flow accounts that keep the
// books moving without touching any user's balance.
import { NATIVE_COIN } from '../instruments/instrument-specs';

export type AccountMode = 'spot' | 'basic' | 'advanced';

export interface AccountSeed {
  uid: number;
  /** The parent account's UID (itself for a parent): the self-trade prevention group (spec 3.3). */
  parentUid: number;
  label: string;
  /** Prefix of the SIM_<PREFIX>_KEY/_SECRET/_PASSPHRASE overrides. */
  envPrefix: string;
  apiKey: string;
  secret: string;
  passphrase: string;
  accountMode: AccountMode;
  /** Unified trading account balances. */
  balances: Record<string, string>;
  /** Funding account balances (GET /api/v3/account/funding-assets). */
  funding: Record<string, string>;
  brokerType?: 'ND';
  /** Accounts the market flow uses; not reachable with keys from outside unless asked. */
  marketFlow?: boolean;
}

const keys = (name: string) => ({ apiKey: `demo-${name}key`, secret: `demo-${name}secret`, passphrase: `demo-${name}pass` });

export const seedAccounts: readonly AccountSeed[] = [
  {
    uid: 1000001, parentUid: 1000001, label: 'trader (parent)', envPrefix: 'MAIN', ...keys(''), accountMode: 'advanced',
    // Dust in several coins for the native-token conversion (spec 4.4).
    balances: { USDT: '100000', BTC: '2', ETH: '20', [NATIVE_COIN]: '100', DOGE: '3.5', XRP: '1.2', ADA: '0.8', TRX: '4' },
    funding: { USDT: '5000', BTC: '0.1' },
  },
  { uid: 1000002, parentUid: 1000001, label: "trader's sub-account", envPrefix: 'SUB', ...keys('sub-'), accountMode: 'advanced', balances: { USDT: '10000', BTC: '1' }, funding: { USDT: '500' } },
  { uid: 2000001, parentUid: 2000001, label: 'unrelated trader', envPrefix: 'OTHER', ...keys('other-'), accountMode: 'basic', balances: { USDT: '10000', BTC: '1' }, funding: { USDT: '500' } },
  { uid: 3000001, parentUid: 3000001, label: 'ND broker main', envPrefix: 'BROKER', ...keys('broker-'), accountMode: 'basic', brokerType: 'ND', balances: { USDT: '50000', BTC: '0.5' }, funding: { USDT: '20000' } },
  ...[1, 2, 3, 4, 5].map((n): AccountSeed => ({
    uid: 3000001 + n, parentUid: 3000001, label: `ND broker sub-account ${n}`, envPrefix: `NDSUB${n}`, ...keys(`ndsub${n}-`), accountMode: 'basic',
    balances: { USDT: String(1000 * n) }, funding: { USDT: '100' },
  })),
  // The synthetic market flow (market/): a maker and a taker with deep pockets, in their own
  // STP groups so their quotes trade with everyone, each other included.
  { uid: 9000001, parentUid: 9000001, label: 'market maker', envPrefix: 'MAKER', ...keys('maker-'), accountMode: 'advanced', marketFlow: true, balances: { USDT: '1000000000', BTC: '10000', ETH: '100000', [NATIVE_COIN]: '100000000' }, funding: {} },
  { uid: 9000002, parentUid: 9000002, label: 'market taker', envPrefix: 'TAKER', ...keys('taker-'), accountMode: 'advanced', marketFlow: true, balances: { USDT: '1000000000', BTC: '10000', ETH: '100000', [NATIVE_COIN]: '100000000' }, funding: {} },
];

export const MAKER_UID = 9000001;
export const TAKER_UID = 9000002;

/** Applies SIM_<PREFIX>_KEY, _SECRET and _PASSPHRASE from the environment. */
export function withEnvKeys(seeds: readonly AccountSeed[], env: Record<string, string | undefined>): AccountSeed[] {
  return seeds.map((s) => ({
    ...s,
    apiKey: env[`SIM_${s.envPrefix}_KEY`] || s.apiKey,
    secret: env[`SIM_${s.envPrefix}_SECRET`] || s.secret,
    passphrase: env[`SIM_${s.envPrefix}_PASSPHRASE`] || s.passphrase,
  }));
}
