// The loaded audit rows: who did what, when, on which account, and what came back. A
// row's request body opens under it on demand.
import { Fragment, useState } from 'react';
import { TableHead } from '@web/components/table-head';
import type { AuditRow } from '@web/lib/api/audit-log';
import { formatDateTime } from '@web/lib/format/format-time';
import { auditResultClass, auditResultOf } from './audit-result';
import { requestBodyText } from './request-body-text';
import { ScrollRegion } from '@web/components/scroll-region';

const headers = ['Time', 'User', 'Account', 'Endpoint', 'Method / channel', 'Result', 'Order IDs', 'Client OIDs', 'Request body'] as const;

export function AuditTable({ rows }: { rows: readonly AuditRow[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ScrollRegion label="Audit log">
      <table aria-label="Audit log" className="w-full text-left text-xs">
        <TableHead columns={headers} />
        <tbody>
          {rows.map((r) => {
            const expanded = open.has(r.id);
            const bodyId = `audit-body-${r.id}`;
            const result = auditResultOf(r);
            return (
              <Fragment key={r.id}>
                <tr aria-label={`Audit entry ${r.id}`} className="border-t border-line align-top">
                  <td className="whitespace-nowrap px-2 py-1 tabular-nums">{formatDateTime(r.time)}</td>
                  <td className="px-2 py-1">{r.user}</td>
                  <td className="px-2 py-1">{r.account}</td>
                  <td className="px-2 py-1 font-mono">{r.endpoint}</td>
                  <td className="px-2 py-1">
                    {r.method} / {r.channel}
                  </td>
                  <td className={`px-2 py-1 ${auditResultClass[result.tone]}`}>
                    <span className="font-mono">{result.code}</span> {result.text}
                  </td>
                  <td className="px-2 py-1 font-mono">{r.orderIds.join(', ')}</td>
                  <td className="px-2 py-1 font-mono">{r.clientOids.join(', ')}</td>
                  <td className="px-2 py-1">
                    <button type="button" aria-expanded={expanded} aria-controls={expanded ? bodyId : undefined} onClick={() => toggle(r.id)} className="text-accent underline">
                      {expanded ? 'Hide' : 'Show'} request body
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr aria-label={`Request body of audit entry ${r.id}`}>
                    <td colSpan={headers.length} className="px-2 pb-2">
                      <pre id={bodyId} className="max-h-64 overflow-auto rounded bg-surface p-2 font-mono text-xs">
                        {requestBodyText(r.requestBody)}
                      </pre>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
