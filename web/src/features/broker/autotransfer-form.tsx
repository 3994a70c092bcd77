// One auto-transfer setting (spec 4.2): checked with the contract's schema before sending,
// the problem shown next to its field.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { autoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { check } from '@contract/core/validation';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { SelectField } from '@web/components/select-field';
import { currentSettingsKey, setAutoTransfer } from './broker-api';
import { accountTypeLabels, accountTypeOptions } from './account-type-labels';

export function AutoTransferForm({ account, canWrite, denied }: { account: string; canWrite: boolean; denied: string }) {
  const [values, setValues] = useState({ subUid: '', coin: '', toAccountType: 'spot' });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  const submit = async () => {
    setResult(null);
    const checked = check(autoTransferRequest, values);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      return;
    }
    setError(null);
    setBusy(true);
    const outcome = await setAutoTransfer(checked.data, account);
    setBusy(false);
    setResult({ ok: outcome.ok, text: outcome.ok ? `Set: deposits of ${checked.data.coin} to ${checked.data.subUid} now go to ${accountTypeLabels[checked.data.toAccountType]}.` : `Refused: ${outcome.message}` });
    void client.invalidateQueries({ queryKey: currentSettingsKey(account) });
  };

  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form
      aria-label="Set auto-transfer"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <TextField label="Sub-account UID" name="subUid" inputMode="numeric" value={values.subUid} error={errorOf('subUid')} onChange={(e) => setValues({ ...values, subUid: e.target.value.trim() })} />
      <TextField label="Coin" name="coin" value={values.coin} error={errorOf('coin')} onChange={(e) => setValues({ ...values, coin: e.target.value.trim().toUpperCase() })} />
      <SelectField label="Destination account type" value={values.toAccountType} onChange={(e) => setValues({ ...values, toAccountType: e.target.value })} options={accountTypeOptions} />
      <Button type="submit" variant="primary" disabled={!canWrite || busy} title={canWrite ? undefined : denied}>
        {busy ? 'Setting…' : 'Set auto-transfer'}
      </Button>
      {!canWrite && <p className="w-full text-sm text-muted">{denied}</p>}
      {result && (
        <p role="status" className={`w-full text-sm ${result.ok ? 'text-buy' : 'text-sell'}`}>
          {result.text}
        </p>
      )}
    </form>
  );
}
