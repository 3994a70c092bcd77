// Leverage per futures symbol or per margin coin (spec 2.9: no global leverage). Each row
// sets its own value; a refusal (e.g. margin leverage outside Advanced mode) is shown
// on that row with the exchange's message.
import { useState } from 'react';
import type { ParamsOf } from '@web/lib/api/call-endpoint';
import type { endpoints } from '@contract/catalog/endpoints';
import { isApiError } from '@web/lib/api/api-error';
import { useSetLeverage } from '@web/lib/account-data/account-mutations';
import { ScrollRegion } from '@web/components/scroll-region';
import { TableHead } from '@web/components/table-head';

export interface LeverageRow {
  key: string;
  name: string;
  maxLeverage: string | undefined;
  current: string | undefined;
  request: (leverage: string) => ParamsOf<typeof endpoints.setLeverage>;
}

export function LeverageTable({ title, rows }: { title: string; rows: readonly LeverageRow[] }) {
  const id = `leverage-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-md border border-line bg-panel p-3 text-sm">
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      {/* Padded cells that never wrap, scrolling sideways on a narrow screen: columns never run together (issue 19). */}
      <ScrollRegion label={title}>
        <table aria-label={title} className="tabular w-full text-xs whitespace-nowrap [&_td]:pr-3 [&_th]:pr-3">
          <TableHead className="text-left text-muted" cellClassName="" columns={[title.endsWith('coin') ? 'Coin' : 'Symbol', 'Current', 'Maximum', 'New leverage', 'Result']} />
          <tbody>
            {rows.map((row) => (
              <LeverageRowView key={row.key} row={row} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

function LeverageRowView({ row }: { row: LeverageRow }) {
  const setLeverage = useSetLeverage();
  const [value, setValue] = useState(row.current ?? '');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // A new figure from the exchange replaces the field's text, adjusted during render
  // rather than in an effect (one render, not two).
  const [shown, setShown] = useState(row.current);
  if (shown !== row.current) {
    setShown(row.current);
    setValue(row.current ?? '');
  }
  const max = row.maxLeverage && /^\d+$/.test(row.maxLeverage) ? Number(row.maxLeverage) : undefined;

  const save = async () => {
    const n = Number(value);
    if (!/^\d{1,3}$/.test(value) || n < 1 || (max !== undefined && n > max)) {
      setResult({ ok: false, text: `Leverage must be a whole number from 1 to ${max ?? 125}` });
      return;
    }
    try {
      await setLeverage.mutateAsync(row.request(value));
      setResult({ ok: true, text: `Set to ${value}x` });
    } catch (e) {
      setResult({ ok: false, text: `Refused: ${isApiError(e) ? `${e.message} (code ${e.code})` : String(e)}` });
    }
  };

  return (
    <tr aria-label={`Leverage ${row.name}`} className="border-t border-line/40">
      <th scope="row" className="py-1 text-left font-normal">
        {row.name}
      </th>
      <td>{row.current ? `${row.current}x` : '—'}</td>
      <td>{row.maxLeverage ? `${row.maxLeverage}x` : '—'}</td>
      <td>
        <form
          aria-label={`Set leverage for ${row.name}`}
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <input aria-label={`Leverage for ${row.name}`} inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} className="w-16 rounded border border-line bg-surface px-2 py-0.5 text-fg" />
          <button type="submit" disabled={setLeverage.isPending} className="rounded border border-line px-2 py-0.5 hover:bg-raised disabled:opacity-50">
            Set
          </button>
        </form>
      </td>
      <td>
        {result && (
          <span role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-buy' : 'text-sell'}>
            {result.text}
          </span>
        )}
      </td>
    </tr>
  );
}
