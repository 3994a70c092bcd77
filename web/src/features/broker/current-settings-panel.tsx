// "Current settings": the exchange cannot be asked, so the desk shows what its audit log
// says was last set, per sub-account and coin, by whom and when.
import { Button } from '@web/components/button';
import { formatDateTime } from '@web/lib/format/format-time';
import { describeError } from '@web/lib/api/describe-error';
import { useCurrentSettings } from './broker-api';
import { TableHead } from '@web/components/table-head';
import { ScrollRegion } from '@web/components/scroll-region';

export function CurrentSettingsPanel({ account, canRead, denied }: { account: string; canRead: boolean; denied: string }) {
  const query = useCurrentSettings(account, canRead);
  if (!canRead) return <p className="text-sm text-muted">{denied}</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-sm text-muted">
        <span>From the desk’s audit log of calls on account {account}: the exchange offers no way to read these settings back.</span>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {query.isError && (
        <p role="alert" className="text-sm text-sell">
          Could not read the audit log: {describeError(query.error)}
        </p>
      )}
      {query.data && !query.data.complete && <p className="text-sm text-muted">The audit log is long; only its newest 5,000 rows were read.</p>}
      {query.data && query.data.settings.length === 0 && <p className="text-sm text-muted">No auto-transfer has been set from this desk on this account.</p>}
      {query.data && query.data.settings.length > 0 && (
        <ScrollRegion label="Current auto-transfer settings" className="max-h-96">
          <table aria-label="Current auto-transfer settings" className="w-full text-left text-xs">
            <TableHead className="sticky top-0 bg-panel text-muted" columns={['subUid', 'coin', 'toAccountType', 'Set by', 'Set at', 'Note']} />
            <tbody>
              {query.data.settings.map((s) => (
                <tr key={`${s.subUid}|${s.coin}`} className="border-t border-line">
                  <td className="px-2 py-1 font-mono">{s.subUid}</td>
                  <td className="px-2 py-1 font-mono">{s.coin}</td>
                  <td className="px-2 py-1 font-mono">{s.toAccountType}</td>
                  <td className="px-2 py-1">{s.setBy}</td>
                  <td className="px-2 py-1 tabular-nums">{formatDateTime(s.setAt)}</td>
                  <td className="px-2 py-1 text-muted">{s.laterRefusals > 0 ? `${s.laterRefusals} later attempt${s.laterRefusals === 1 ? '' : 's'} refused` : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
