// Savings redemption result lookup (issue 8.3, spec 4.3 and 2.3): success, or fail with the
// exchange's message; every lookup of the session is listed below the form.
import { useState } from 'react';
import { endpoints } from '@contract/catalog/endpoints';
import { periodTypes, redeemResultQuery } from '@contract/schemas/earn-broker-convert';
import { check } from '@contract/core/validation';
import { Button } from '@web/components/button';
import { Panel } from '@web/components/panel';
import { TextField } from '@web/components/text-field';
import { describeError } from '@web/lib/api/describe-error';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { formatDateTime } from '@web/lib/format/format-time';
import { usePermissionGate } from '@web/lib/session/use-granted';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { addLookup, loadLookups, saveLookups, type LookupEntry } from './lookup-history';
import { TableHead } from '@web/components/table-head';
import { SelectField } from '@web/components/select-field';

const storage = typeof sessionStorage === 'undefined' ? null : sessionStorage;

export function RedemptionLookup() {
  const account = useCurrentAccount();
  const readGate = usePermissionGate('earn.read', 'read savings orders');
  const canRead = readGate.granted;
  const [orderId, setOrderId] = useState('');
  const [periodType, setPeriodType] = useState<string>('flexible');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [history, setHistory] = useState<LookupEntry[]>(() => loadLookups(storage));
  const [busy, setBusy] = useState(false);

  const record = (e: LookupEntry) =>
    setHistory((h) => {
      const next = addLookup(h, e);
      saveLookups(storage, next);
      return next;
    });

  const lookUp = async () => {
    const checked = check(redeemResultQuery, { orderId: orderId.trim(), periodType });
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      return;
    }
    setProblem(null);
    setBusy(true);
    const base = { at: Date.now(), orderId: checked.data.orderId, periodType: checked.data.periodType };
    try {
      const r = await callEndpoint(endpoints.redeemResult, checked.data, { account: account ?? undefined });
      record({ ...base, outcome: r.result, msg: r.msg });
    } catch (e) {
      record({ ...base, outcome: 'error', msg: describeError(e) });
    } finally {
      setBusy(false);
    }
  };

  const latest = history[0];
  return (
    <Panel title="Savings redemption result">
      <form
        aria-label="Redemption lookup"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void lookUp();
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <TextField label="Subscription order ID" value={orderId} error={problem?.field === 'orderId' ? problem.message : undefined} onChange={(e) => setOrderId(e.target.value)} />
        <SelectField label="Period type" value={periodType} onChange={(e) => setPeriodType(e.target.value)} options={periodTypes.map((p) => ({ value: p, label: p }))} />
        <Button type="submit" variant="primary" disabled={!canRead || busy} title={readGate.reason}>
          {busy ? 'Looking up…' : 'Look up'}
        </Button>
        {readGate.reason && <p className="w-full text-sm text-muted">{readGate.reason}.</p>}
      </form>
      {latest && (
        <p role="status" data-testid="redeem-latest" className={`mt-2 text-sm ${latest.outcome === 'success' ? 'text-buy' : 'text-sell'}`}>
          Order {latest.orderId} ({latest.periodType}): {latest.outcome === 'success' ? 'redeemed successfully' : latest.outcome === 'fail' ? `redemption failed: ${latest.msg}` : `lookup failed: ${latest.msg}`}
        </p>
      )}
      {history.length > 0 && (
        <table aria-label="Lookups this session" className="mt-3 w-full text-left text-xs">
          <TableHead className="text-muted" columns={['Looked up', 'Order', 'Period', 'Result', 'Message']} />
          <tbody>
            {history.map((h, i) => (
              <tr key={`${h.at}-${i}`} className="border-t border-line">
                <td className="px-2 py-1 tabular-nums">{formatDateTime(h.at)}</td>
                <td className="px-2 py-1 font-mono">{h.orderId}</td>
                <td className="px-2 py-1">{h.periodType}</td>
                <td className={`px-2 py-1 ${h.outcome === 'success' ? 'text-buy' : 'text-sell'}`}>{h.outcome}</td>
                <td className="px-2 py-1">{h.msg}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
