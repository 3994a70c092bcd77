import type { Me } from '@contract/schemas/session';
import { useCurrentAccount, useSetAccount } from '@web/lib/session/use-session';
import { SelectField } from '@web/components/select-field';

/** Which exchange account the desk acts on (sent as `x-desk-account`). */
export function AccountSwitcher({ accounts }: { accounts: Me['accounts'] }) {
  const account = useCurrentAccount();
  const setAccount = useSetAccount();
  return (
    <SelectField
      label="Account"
      labelPosition="beside"
      className="text-sm"
      value={account ?? ''}
      disabled={accounts.length === 0}
      onChange={(e) => setAccount(e.target.value)}
      options={accounts.length === 0 ? [{ value: '', label: 'none' }] : accounts.map((a) => ({ value: a.name, label: `${a.name} (${a.uid})` }))}
    />
  );
}
