// Sub-account deposit auto-transfer (spec 4.2, 2.4) and the deposits it acts on.
//
// Only an ND-type broker's main account may set it, and only for its own sub-accounts.
// The setting is remembered per sub-account and coin, and applied: a deposit lands in the
// sub-account's spot balance (the unified account, as every deposit does) and, when the
// setting names another account type, moves on at once to that account type. The
// simulator has no separate classic futures accounts, so those account types are kept as
// plain per-coin ledgers beside the unified account: honest about where the money went,
// and readable through GET /__sim/account-types (simulator/README.md).
import type { AutoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { autoTransferAccountTypes } from '@contract/schemas/earn-broker-convert';
import type { Account, AccountStore } from '../accounts/account-store';
import type { Clock } from '@contract/core/clock';
import type { BrokerSubaccounts } from './broker-subaccounts';
import { fmtMoney, money } from '../core/money';
import { paramError, SimError } from '../core/sim-error';

export type AccountType = (typeof autoTransferAccountTypes)[number];

export interface DepositRecord {
  uid: number;
  coin: string;
  amount: string;
  /** Where the deposit ended up. */
  accountType: AccountType;
  ts: number;
}

export class BrokerAutoTransfer {
  private readonly settings = new Map<number, Map<string, AccountType>>();
  private readonly ledgers = new Map<number, Map<Exclude<AccountType, 'spot'>, Map<string, bigint>>>();
  private readonly deposits: DepositRecord[] = [];

  constructor(
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
    private readonly knownCoins: () => ReadonlySet<string>,
    private readonly directory?: BrokerSubaccounts,
  ) {}

  /** spec 4.2: remembers where deposits of `coin` to `subUid` go. Answers 'success'. */
  set(caller: Account, req: AutoTransferRequest): 'success' {
    if (caller.brokerType !== 'ND' || caller.parentUid !== caller.uid) throw new SimError('40309');
    const subUid = Number(req.subUid);
    // The broker's directory (broker-subaccounts.ts) says which sub-accounts it has and their status.
    const listed = this.directory?.brokerUid === caller.uid ? this.directory.find(req.subUid) : undefined;
    const sub = this.accounts.find(subUid);
    const own = listed !== undefined ? listed.status !== 'del' : sub !== undefined && sub.parentUid === caller.uid && sub.uid !== caller.uid;
    if (!own) throw new SimError('40310', { field: req.subUid });
    if (listed?.status === 'freeze') throw new SimError('40013', { field: req.subUid });
    if (!this.knownCoins().has(req.coin)) throw paramError('coin', `${req.coin} is not a coin this exchange lists`);
    this.directory?.noteReceived(req.subUid);
    let bySub = this.settings.get(subUid);
    if (bySub === undefined) {
      bySub = new Map();
      this.settings.set(subUid, bySub);
    }
    bySub.set(req.coin, req.toAccountType);
    return 'success';
  }

  /** The remembered settings of a sub-account: coin -> account type. */
  settingsOf(uid: number): Record<string, AccountType> {
    return Object.fromEntries(this.settings.get(uid) ?? []);
  }

  /** The account type deposits of `coin` to `uid` go to ('spot' unless set). */
  targetOf(uid: number, coin: string): AccountType {
    return this.settings.get(uid)?.get(coin) ?? 'spot';
  }

  /** A deposit arrives for `uid`: credited to spot, then auto-transferred when a setting says so. */
  deposit(uid: number, coin: string, amount: string): DepositRecord {
    if (this.accounts.find(uid) === undefined) throw paramError('uid', `no account ${uid}`);
    if (!this.knownCoins().has(coin)) throw paramError('coin', `${coin} is not a coin this exchange lists`);
    const units = money(amount, 'amount');
    if (units <= 0n) throw paramError('amount', 'must be greater than zero');
    this.accounts.credit(uid, coin, units, { category: 'SPOT', symbol: '', type: 'DEPOSIT' });
    const target = this.targetOf(uid, coin);
    if (target !== 'spot') {
      this.accounts.debit(uid, coin, units, { category: 'SPOT', symbol: '', type: 'TRANSFER_OUT' });
      const ledger = this.ledgerOf(uid, target);
      ledger.set(coin, (ledger.get(coin) ?? 0n) + units);
    }
    const record: DepositRecord = { uid, coin, amount: fmtMoney(units), accountType: target, ts: this.clock.now() };
    this.deposits.push(record);
    return record;
  }

  depositsOf(uid?: number): DepositRecord[] {
    return this.deposits.filter((d) => uid === undefined || d.uid === uid);
  }

  /** Balances per account type; 'spot' is the unified account's wallet balance. */
  accountTypeBalances(uid: number): Record<AccountType, Record<string, string>> {
    const account = this.accounts.get(uid);
    const out = {} as Record<AccountType, Record<string, string>>;
    for (const type of autoTransferAccountTypes) out[type] = {};
    for (const [coin, b] of account.balances) if (b.balance !== 0n) out.spot[coin] = fmtMoney(b.balance);
    for (const [type, ledger] of this.ledgers.get(uid) ?? []) {
      for (const [coin, v] of ledger) out[type][coin] = fmtMoney(v);
    }
    return out;
  }

  private ledgerOf(uid: number, type: Exclude<AccountType, 'spot'>): Map<string, bigint> {
    let byType = this.ledgers.get(uid);
    if (byType === undefined) {
      byType = new Map();
      this.ledgers.set(uid, byType);
    }
    let ledger = byType.get(type);
    if (ledger === undefined) {
      ledger = new Map();
      byType.set(type, ledger);
    }
    return ledger;
  }
}
