// The simulator's ND broker sub-accounts, rebuilt from the same seed the simulator uses
// (simulator/src/products/broker-subaccounts.ts), so a test knows which are frozen.
import { BrokerSubaccounts } from '../../simulator/src/products/broker-subaccounts';

const directory = new BrokerSubaccounts(3000001, { subAccountsOf: () => [] }, 3000001, Date.now());

/** Generated sub-account UIDs with the given status, ascending. */
export function subUidsWith(status: 'normal' | 'freeze' | 'del'): string[] {
  const out: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = directory.list({ limit: '100', status, ...(cursor ? { idLessThan: cursor } : {}) });
    out.push(...page.subList.map((s) => s.subUid));
    if (!page.hasNextPage) return out.reverse();
    cursor = String(page.idLessThan);
  }
}
