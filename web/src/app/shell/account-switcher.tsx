import { useId } from 'react';
import type { Me } from '@contract/schemas/session';
import { useCurrentAccount, useSetAccount } from '@web/lib/session/use-session';

/** Which exchange account the desk acts on (sent as `x-desk-account`). */
export function AccountSwitcher({ accounts }: { accounts: Me['accounts'] }) {
  const id = useId();
  const account = useCurrentAccount();
  const setAccount = useSetAccount();
  return (
    <div className="flex items-center gap-1.5 text-sm">
      <label htmlFor={id} className="text-muted">
        Account
      </label>
      <select
        id={id}
        value={account ?? ''}
        disabled={accounts.length === 0}
        onChange={(e) => setAccount(e.target.value)}
        className="rounded border border-line bg-surface px-2 py-1 text-fg"
      >
        {accounts.length === 0 && <option value="">none</option>}
        {accounts.map((a) => (
          <option key={a.name} value={a.name}>
            {a.name} ({a.uid})
          </option>
        ))}
      </select>
    </div>
  );
}
