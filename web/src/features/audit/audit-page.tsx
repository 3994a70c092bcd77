// The audit screen (issue 5 item 8, for roles with audit.read): every mutating call and
// WebSocket trade op the proxy recorded, filtered, paged back with "Load more", and the
// loaded rows exported as CSV.
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { endpointList } from '@contract/catalog/endpoints';
import { tradeTopics } from '@contract/schemas/ws-private';
import { Button } from '@web/components/button';
import { PageFrame } from '@web/components/page-frame';
import type { AuditQueryInput } from '@web/lib/api/audit-log';
import { describeError } from '@web/lib/api/describe-error';
import { csvFileName, downloadCsv } from '@web/lib/csv/csv-download';
import { sessionStore } from '@web/lib/session/session-store';
import { usePermissionGate } from '@web/lib/session/use-granted';
import { useAuditLog } from './audit-api';
import { auditCsv } from './audit-csv';
import { AuditFilterFormView } from './audit-filter-form';
import { AuditTable } from './audit-table';

// What the log can hold: the catalog's mutating endpoints and the WebSocket trade ops.
const loggedEndpoints = [...endpointList.filter((e) => e.mutating).map((e) => e.id), ...tradeTopics.map((t) => `ws:${t}`)];

export default function AuditPage() {
  const gate = usePermissionGate('audit.read', 'read the audit log');
  const accounts = useStore(sessionStore, (s) => s.me?.accounts);
  const accountNames = useMemo(() => (accounts ?? []).map((a) => a.name), [accounts]);
  const [query, setQuery] = useState<Omit<AuditQueryInput, 'cursor'>>({ limit: '50' });
  const log = useAuditLog(gate.granted ? query : null);
  const rows = useMemo(() => log.data?.pages.flatMap((p) => p.list) ?? [], [log.data]);
  const [exported, setExported] = useState('');

  if (!gate.granted) {
    return (
      <PageFrame boxed title="Audit">
        <p className="text-muted">{gate.reason}.</p>
      </PageFrame>
    );
  }

  const exportCsv = () => {
    downloadCsv(csvFileName('audit', null), auditCsv(rows));
    setExported(`Exported ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}.`);
  };

  return (
    <PageFrame boxed
      title="Audit"
      actions={
        <div className="flex gap-2">
          <Button onClick={() => void log.refetch()} disabled={log.isFetching}>
            Refresh
          </Button>
          <Button onClick={exportCsv} disabled={rows.length === 0}>
            Export CSV
          </Button>
        </div>
      }
    >
      <AuditFilterFormView
        accounts={accountNames}
        endpoints={loggedEndpoints}
        onSearch={(q) => {
          setExported('');
          setQuery(q);
        }}
      />
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <p role="status" aria-label="Audit entries loaded">
          {log.isPending ? 'Loading…' : `${rows.length} ${rows.length === 1 ? 'entry' : 'entries'} loaded${log.hasNextPage ? ', more to load' : rows.length > 0 ? ', all loaded' : ''}`}
        </p>
        {exported && <p role="status">{exported}</p>}
      </div>
      {log.isError && (
        <p role="alert" className="mt-2 text-sm text-sell">
          Could not read the audit log: {describeError(log.error)}
        </p>
      )}
      {rows.length > 0 && <AuditTable rows={rows} />}
      {log.isSuccess && rows.length === 0 && <p className="mt-2 text-sm text-muted">No audit entries match these filters.</p>}
      {log.hasNextPage && (
        <Button className="mt-2" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </PageFrame>
  );
}
