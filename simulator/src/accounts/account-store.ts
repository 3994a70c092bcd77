// Accounts, their unified-account balances (balance and locked per coin), funding
// balances, settings (spec 2.9) and financial records. Every change of a balance emits a
// `balance` event after it is applied.
import type { HoldMode, StpMode } from '@contract/schemas/common';
import type { z } from 'zod';
import type { financialRecord } from '@contract/schemas/account';
import type { EventBus } from '../bus/event-bus';
import type { Clock } from '@contract/core/clock';
import { fmtMoney, money } from '../core/money';
import { SimError } from '../core/sim-error';
import { IdSequence } from './id-sequence';
import type { AccountMode, AccountSeed } from './seed-accounts';

export type FinancialRecordInput = z.input<typeof financialRecord>;

export interface CoinBalance {
  /** Wallet balance. */
  balance: bigint;
  /** Locked by pending orders (spec 4.5 assets "locked"). */
  locked: bigint;
}

export interface Account {
  uid: number;
  parentUid: number;
  label: string;
  apiKey: string;
  secret: string;
  passphrase: string;
  accountMode: AccountMode;
  holdMode: HoldMode;
  /** The default stpMode of this account's orders. */
  stpMode: StpMode;
  brokerType?: 'ND';
  marketFlow: boolean;
  balances: Map<string, CoinBalance>;
  funding: Map<string, { available: bigint; frozen: bigint }>;
  /** Futures leverage per symbol (spec 2.9: no global leverage). */
  symbolLeverage: Map<string, string>;
  /** Margin leverage per coin. */
  coinLeverage: Map<string, string>;
  financialRecords: FinancialRecordInput[];
}

export const DEFAULT_FUTURES_LEVERAGE = '10';
export const DEFAULT_MARGIN_LEVERAGE = '3';

export interface BalanceChange {
  category: string;
  symbol: string;
  type: string;
  fee?: bigint;
}

export class AccountStore {
  private readonly byUid = new Map<number, Account>();
  private readonly byKey = new Map<string, Account>();
  private readonly recordIds = new IdSequence();
  /** Margin held by open futures positions, per account, in USDT (set by the positions book). */
  marginInUse: (uid: number) => bigint = () => 0n;

  constructor(
    seeds: readonly AccountSeed[],
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {
    for (const s of seeds) this.add(s);
  }

  private add(s: AccountSeed): void {
    const account: Account = {
      uid: s.uid,
      parentUid: s.parentUid,
      label: s.label,
      apiKey: s.apiKey,
      secret: s.secret,
      passphrase: s.passphrase,
      accountMode: s.accountMode,
      holdMode: 'one_way_mode',
      stpMode: 'cancel_maker',
      ...(s.brokerType ? { brokerType: s.brokerType } : {}),
      marketFlow: s.marketFlow ?? false,
      balances: new Map(),
      funding: new Map(Object.entries(s.funding).map(([c, v]) => [c, { available: money(v), frozen: 0n }])),
      symbolLeverage: new Map(),
      coinLeverage: new Map(),
      financialRecords: [],
    };
    this.byUid.set(s.uid, account);
    this.byKey.set(s.apiKey, account);
    for (const [coin, amount] of Object.entries(s.balances)) {
      this.credit(s.uid, coin, money(amount), { category: 'SPOT', symbol: '', type: 'TRANSFER_IN' });
    }
  }

  all(): Account[] {
    return [...this.byUid.values()];
  }

  get(uid: number): Account {
    const a = this.byUid.get(uid);
    if (!a) throw new Error(`unknown account ${uid}`);
    return a;
  }

  find(uid: number): Account | undefined {
    return this.byUid.get(uid);
  }

  byApiKey(apiKey: string): Account | undefined {
    return this.byKey.get(apiKey);
  }

  /** The sub-accounts of a parent (not the parent itself). */
  subAccountsOf(parentUid: number): Account[] {
    return this.all().filter((a) => a.parentUid === parentUid && a.uid !== parentUid);
  }

  coin(uid: number, coin: string): CoinBalance {
    const a = this.get(uid);
    let b = a.balances.get(coin);
    if (!b) {
      b = { balance: 0n, locked: 0n };
      a.balances.set(coin, b);
    }
    return b;
  }

  /** What can still be locked or withdrawn: balance - locked (- position margin for USDT). */
  available(uid: number, coin: string): bigint {
    const b = this.coin(uid, coin);
    return b.balance - b.locked - (coin === 'USDT' ? this.marginInUse(uid) : 0n);
  }

  lock(uid: number, coin: string, amount: bigint): void {
    if (amount === 0n) return;
    this.coin(uid, coin).locked += amount;
    this.changed(uid, coin);
  }

  unlock(uid: number, coin: string, amount: bigint): void {
    if (amount === 0n) return;
    const b = this.coin(uid, coin);
    if (amount > b.locked) throw new Error(`unlock of ${fmtMoney(amount)} ${coin} exceeds the ${fmtMoney(b.locked)} locked for ${uid}`);
    b.locked -= amount;
    this.changed(uid, coin);
  }

  /** Adds to the wallet balance and writes a financial record. */
  credit(uid: number, coin: string, amount: bigint, why: BalanceChange): void {
    this.apply(uid, coin, amount, why);
  }

  /** Takes from the wallet balance and writes a financial record. */
  debit(uid: number, coin: string, amount: bigint, why: BalanceChange): void {
    this.apply(uid, coin, -amount, why);
  }

  /** Takes locked funds out of the wallet (a settled spend): locked and balance both drop. */
  spendLocked(uid: number, coin: string, amount: bigint, why: BalanceChange): void {
    const b = this.coin(uid, coin);
    if (amount > b.locked) throw new Error(`spend of ${fmtMoney(amount)} ${coin} exceeds the ${fmtMoney(b.locked)} locked for ${uid}`);
    b.locked -= amount;
    this.apply(uid, coin, -amount, why);
  }

  private apply(uid: number, coin: string, delta: bigint, why: BalanceChange): void {
    const b = this.coin(uid, coin);
    b.balance += delta;
    const fee = why.fee ?? 0n;
    this.get(uid).financialRecords.push({
      category: why.category,
      id: this.recordIds.next(),
      symbol: why.symbol,
      coin,
      type: why.type,
      amount: fmtMoney(delta + fee),
      fee: fmtMoney(-fee),
      balance: fmtMoney(b.balance),
      ts: String(this.clock.now()),
    });
    this.changed(uid, coin);
  }

  /** Emits the coin's current state; also used when position margin changes available USDT. */
  changed(uid: number, coin: string): void {
    if (!this.bus.wants('balance', uid)) return;
    const b = this.coin(uid, coin);
    const margin = coin === 'USDT' ? this.marginInUse(uid) : 0n;
    this.bus.emit({
      type: 'balance',
      uid,
      ts: this.clock.now(),
      coin,
      balance: fmtMoney(b.balance),
      available: fmtMoney(b.balance - b.locked - margin),
      locked: fmtMoney(b.locked + margin),
    });
  }

  /** Funding balances are a separate account (spec 4.5 funding-assets); trading never touches them. */
  fundingOf(uid: number): Map<string, { available: bigint; frozen: bigint }> {
    return this.get(uid).funding;
  }

  /** Used by the product layer (earn, broker, convert) for its own refusals. */
  requireBrokerND(uid: number): Account {
    const a = this.get(uid);
    if (a.brokerType !== 'ND') throw new SimError('40309');
    return a;
  }
}
