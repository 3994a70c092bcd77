// The ND broker's sub-accounts as GET /api/v2/broker/account/subaccount-list lists them
// (issue 20). Besides the seeded sub-accounts that hold balances (3000002-3000006), the
// broker gets BROKER_GENERATED_SUBACCOUNTS more, generated from a seed so every run sees
// the same UIDs, labels and statuses. Some are frozen ('freeze'), which the exchange
// refuses for auto-transfer with its "user has been frozen" code (40013); a few are
// deleted ('del'), which no longer belong to the broker (40310).
import { SUBACCOUNT_LIST_DEFAULT_LIMIT } from '@contract/schemas/broker-subaccounts';
import type { BrokerSubaccount, SubaccountList, SubaccountListQuery, SubaccountStatus } from '@contract/schemas/broker-subaccounts';
import type { AccountStore } from '../accounts/account-store';
import { SeededRandom } from '../core/seeded-random';

export const BROKER_GENERATED_SUBACCOUNTS = 1200;
/** First UID of the generated sub-accounts (clear of the seeded accounts). */
export const GENERATED_SUBACCOUNT_BASE_UID = 3100001;
const DAY_MS = 24 * 3600 * 1000;
const LABEL_WORDS = ['alpha', 'desk', 'retail', 'vip', 'mm', 'fund', 'club', 'promo', 'api', 'earn', 'otc', 'grid'] as const;
const PERMS = ['read', 'spot_trade', 'contract_trade', 'transfer', 'deposit', 'withdraw'] as const;

export class BrokerSubaccounts {
  /** Oldest first (ascending UID): the list answers newest first. */
  private readonly subs: BrokerSubaccount[] = [];
  private readonly byUid = new Map<string, BrokerSubaccount>();
  /** Auto-transfer calls accepted per sub-account: the simulator's own record of what it received. */
  private readonly received = new Map<string, number>();

  constructor(
    readonly brokerUid: number,
    accounts: Pick<AccountStore, 'subAccountsOf'>,
    seed: number,
    createdFrom: number,
  ) {
    const rnd = new SeededRandom(seed);
    let t = createdFrom - 400 * DAY_MS;
    for (const a of accounts.subAccountsOf(brokerUid).sort((x, y) => x.uid - y.uid)) {
      this.add({ uid: a.uid, label: a.label, status: 'normal', cTime: (t += DAY_MS) });
    }
    for (let i = 0; i < BROKER_GENERATED_SUBACCOUNTS; i++) {
      const roll = rnd.next();
      // About 4% frozen and 1% deleted: enough that a selection of a few hundred meets both.
      const status: SubaccountStatus = roll < 0.04 ? 'freeze' : roll < 0.05 ? 'del' : 'normal';
      const label = `${rnd.pick(LABEL_WORDS)}-${String(rnd.int(1, 999)).padStart(3, '0')}`;
      t += rnd.int(60_000, 6 * 3600_000);
      this.add({ uid: GENERATED_SUBACCOUNT_BASE_UID + i, label, status, cTime: t });
    }
  }

  private add(s: { uid: number; label: string; status: SubaccountStatus; cTime: number }): void {
    const sub: BrokerSubaccount = {
      subUid: String(s.uid),
      subaccountName: `sub${s.uid}@broker_${this.brokerUid}`,
      status: s.status,
      permList: [...PERMS],
      label: s.label,
      language: 'en_US',
      cTime: String(s.cTime),
      uTime: String(s.cTime),
    };
    this.subs.push(sub);
    this.byUid.set(sub.subUid, sub);
  }

  find(subUid: string): BrokerSubaccount | undefined {
    return this.byUid.get(subUid);
  }

  count(): number {
    return this.subs.length;
  }

  /** One page, newest first (descending UID), after the `idLessThan` cursor. */
  list(q: SubaccountListQuery): SubaccountList {
    const limit = q.limit === undefined ? SUBACCOUNT_LIST_DEFAULT_LIMIT : Number(q.limit);
    const below = q.idLessThan === undefined ? Infinity : Number(q.idLessThan);
    const from = q.startTime === undefined ? -Infinity : Number(q.startTime);
    const to = q.endTime === undefined ? Infinity : Number(q.endTime);
    const page: BrokerSubaccount[] = [];
    let more = false;
    for (let i = this.subs.length - 1; i >= 0; i--) {
      const s = this.subs[i]!;
      if (Number(s.subUid) >= below) continue;
      if (q.status !== undefined && s.status !== q.status) continue;
      const c = Number(s.cTime);
      if (c < from || c > to) continue;
      if (page.length === limit) {
        more = true;
        break;
      }
      page.push({ ...s, permList: [...s.permList] });
    }
    const last = page[page.length - 1];
    return { hasNextPage: more, idLessThan: last ? Number(last.subUid) : null, subList: page };
  }

  noteReceived(subUid: string): void {
    this.received.set(subUid, (this.received.get(subUid) ?? 0) + 1);
  }

  /** How many auto-transfer settings each sub-account received (tests read it). */
  receivedCounts(): Record<string, number> {
    return Object.fromEntries(this.received);
  }
}
