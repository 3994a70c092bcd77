// Bulk auto-transfer from CSV (pasted or a file): a preview that checks every row against
// the broker's sub-accounts and the coin list and flags each invalid one with its field
// and reason before anything is sent; the valid rows then become one job in the proxy,
// which applies them at the documented 10 per second per UID.
import { useId, useMemo, useState } from 'react';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/api/describe-error';
import { downloadCsv } from '@web/lib/csv/csv-download';
import { readCsvTable } from '@web/lib/csv-import/read-csv-table';
import { autoTransferColumns, CSV_TEMPLATE, fileProblem, tooManyRows, validateAutoTransferRows, type KnownDirectory, type PreviewRow } from './autotransfer-rows';
import { TableHead } from '@web/components/table-head';
import { ScrollRegion } from '@web/components/scroll-region';

export function BulkAutoTransfer({
  canWrite,
  denied,
  known,
  onCreate,
}: {
  canWrite: boolean;
  denied: string;
  /** null while the sub-account list or the coin list is still loading: nothing can be checked, so nothing is sent. */
  known: KnownDirectory | null;
  onCreate: (rows: PreviewRow[]) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const fileId = useId();

  const preview = useMemo(() => {
    if (!text.trim()) return null;
    const table = readCsvTable(text, autoTransferColumns);
    if (!table.ok) return { ok: false as const, reason: `Line ${table.line}: ${table.reason}` };
    const rows = validateAutoTransferRows(table.rows, known ?? undefined);
    return { ok: true as const, rows, valid: rows.filter((r) => r.ok).length };
  }, [text, known]);
  const tooMany = preview?.ok ? tooManyRows(preview.valid) : undefined;

  const readFile = async (file: File | undefined) => {
    setFileError('');
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      setText(await file.text());
      setResult(null);
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
            setResult(null);
          }}
          className="rounded border border-line bg-surface px-2 py-1.5 font-mono text-xs text-fg"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={fileId} className="text-muted">
          CSV file
        </label>
        <input id={fileId} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readFile(e.target.files?.[0])} className="text-sm" />
        <Button onClick={() => downloadCsv('autotransfer-template.csv', CSV_TEMPLATE)}>Download the CSV template</Button>
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
      {!known && <p className="text-sm text-muted">Rows are checked against the broker's sub-accounts and the coin list once both have loaded; until then nothing can be sent.</p>}
      {preview?.ok && (
        <>
          <p role="status" className="text-sm" data-testid="bulk-summary">
            {preview.rows.length} rows: {preview.valid} valid, {preview.rows.length - preview.valid} invalid (invalid rows are never sent).
          </p>
          {tooMany && (
            <p role="alert" className="text-sm text-sell">
              {tooMany}
            </p>
          )}
          <PreviewTable rows={preview.rows} />
          <div className="flex items-center gap-2">
            <Button
              variant="primary"
              disabled={!canWrite || !known || preview.valid === 0 || tooMany !== undefined || busy || result?.ok === true}
              title={canWrite ? undefined : denied}
              onClick={() => {
                setBusy(true);
                setResult(null);
                onCreate(preview.rows)
                  .then(() => setResult({ ok: true, text: `A job applies the ${preview.valid} valid rows; follow it under Jobs. It runs in the desk's server: closing this tab does not stop it.` }))
                  .catch((e: unknown) => setResult({ ok: false, text: `Not created: ${describeError(e)}` }))
                  .finally(() => setBusy(false));
              }}
            >
              Apply {preview.valid} valid rows
            </Button>
            {!canWrite && <span className="text-sm text-muted">{denied}</span>}
          </div>
          {result && (
            <p role={result.ok ? 'status' : 'alert'} className={`text-sm ${result.ok ? 'text-buy' : 'text-sell'}`}>
              {result.text}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function PreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  return (
    <ScrollRegion label="CSV preview" className="max-h-96">
      <table aria-label="CSV preview" className="w-full min-w-[36rem] text-left text-xs">
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
    </ScrollRegion>
  );
}
