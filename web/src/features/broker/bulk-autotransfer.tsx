// Bulk auto-transfer from CSV (pasted or a file): a preview that flags every invalid row
// with its field and reason before anything is sent, then the valid rows applied by a
// paced runner (spec 8: at most 10 calls per second per UID).
import { useId, useMemo, useState } from 'react';
import { Button } from '@web/components/button';
import { readCsvTable } from '@web/lib/csv-import/read-csv-table';
import { autoTransferColumns, validateAutoTransferRows, type PreviewRow } from './autotransfer-rows';
import { BulkRun } from './bulk-run';
import { TableHead } from '@web/components/table-head';

export function BulkAutoTransfer({ account, canWrite, denied }: { account: string; canWrite: boolean; denied: string }) {
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState('');
  const [applied, setApplied] = useState<{ rows: PreviewRow[]; account: string; key: number } | null>(null);
  const textId = useId();
  const fileId = useId();

  const preview = useMemo(() => {
    if (!text.trim()) return null;
    const table = readCsvTable(text, autoTransferColumns);
    if (!table.ok) return { ok: false as const, reason: `Line ${table.line}: ${table.reason}` };
    const rows = validateAutoTransferRows(table.rows);
    return { ok: true as const, rows, valid: rows.filter((r) => r.ok).length };
  }, [text]);

  const readFile = async (file: File | undefined) => {
    setFileError('');
    if (!file) return;
    try {
      setText(await file.text());
      setApplied(null);
    } catch (e) {
      setFileError(`Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={textId} className="text-sm text-muted">
          CSV with the header <code>subUid,coin,toAccountType</code>
        </label>
        <textarea
          id={textId}
          value={text}
          rows={6}
          spellCheck={false}
          placeholder={'subUid,coin,toAccountType\n3000002,USDT,usdt-futures'}
          onChange={(e) => {
            setText(e.target.value);
            setApplied(null);
          }}
          className="rounded border border-line bg-surface px-2 py-1.5 font-mono text-xs text-fg"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={fileId} className="text-muted">
          CSV file
        </label>
        <input id={fileId} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readFile(e.target.files?.[0])} className="text-sm" />
        {fileError && (
          <p role="alert" className="text-sell">
            {fileError}
          </p>
        )}
      </div>

      {preview && !preview.ok && (
        <p role="alert" className="text-sm text-sell">
          {preview.reason}
        </p>
      )}
      {preview?.ok && (
        <>
          <p role="status" className="text-sm" data-testid="bulk-summary">
            {preview.rows.length} rows: {preview.valid} valid, {preview.rows.length - preview.valid} invalid (invalid rows are never sent).
          </p>
          {!applied && <PreviewTable rows={preview.rows} />}
          <div className="flex items-center gap-2">
            <Button
              variant="primary"
              disabled={!canWrite || preview.valid === 0 || applied !== null}
              title={canWrite ? undefined : denied}
              onClick={() => setApplied({ rows: preview.rows, account, key: Date.now() })}
            >
              Apply {preview.valid} valid rows
            </Button>
            {!canWrite && <span className="text-sm text-muted">{denied}</span>}
            {applied && (
              <Button onClick={() => setApplied(null)} disabled={false}>
                Back to the preview
              </Button>
            )}
          </div>
        </>
      )}
      {applied && <BulkRun key={applied.key} rows={applied.rows} account={applied.account} />}
    </div>
  );
}

function PreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  return (
    <div className="max-h-96 overflow-auto">
      <table aria-label="CSV preview" className="w-full text-left text-xs">
        <TableHead className="sticky top-0 bg-panel text-muted" columns={['Line', 'subUid', 'coin', 'toAccountType', 'Check']} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.line} data-valid={r.ok} className={`border-t border-line ${r.ok ? '' : 'bg-sell/10'}`}>
              <td className="px-2 py-1 tabular-nums">{r.line}</td>
              <td className="px-2 py-1 font-mono">{r.values.subUid}</td>
              <td className="px-2 py-1 font-mono">{r.values.coin}</td>
              <td className="px-2 py-1 font-mono">{r.values.toAccountType}</td>
              <td className={`px-2 py-1 ${r.ok ? 'text-buy' : 'text-sell'}`}>{r.ok ? 'valid' : `invalid ${r.field}: ${r.reason}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
