// Rows of a bulk auto-transfer CSV (header subUid,coin,toAccountType), each checked with
// the contract's request schema (spec 4.2) before anything is sent. An invalid row is
// flagged with the field and the reason and is never sent.
import { autoTransferRequest, type AutoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { check } from '@contract/validation';
import type { CsvTableRow } from '@web/lib/csv-import/read-csv-table';

export const autoTransferColumns = ['subUid', 'coin', 'toAccountType'] as const;
export type AutoTransferColumn = (typeof autoTransferColumns)[number];

export type PreviewRow =
  | { line: number; values: Record<AutoTransferColumn, string>; ok: true; request: AutoTransferRequest }
  | { line: number; values: Record<AutoTransferColumn, string>; ok: false; field: string; reason: string };

export function validateAutoTransferRows(rows: readonly CsvTableRow<AutoTransferColumn>[]): PreviewRow[] {
  // The first valid row of a (subUid, coin) pair; a later one would make the outcome depend on which call lands last.
  const firstLineOf = new Map<string, number>();
  return rows.map((row): PreviewRow => {
    if (row.problem) return { line: row.line, values: row.values, ok: false, field: row.problem.field, reason: row.problem.reason };
    const checked = check(autoTransferRequest, row.values);
    if (!checked.ok) return { line: row.line, values: row.values, ok: false, field: checked.field, reason: checked.message };
    const key = `${checked.data.subUid}|${checked.data.coin}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      return { line: row.line, values: row.values, ok: false, field: 'coin', reason: `sub-account ${checked.data.subUid} and ${checked.data.coin} were already set on line ${first}; keep one line per pair` };
    }
    firstLineOf.set(key, row.line);
    return { line: row.line, values: row.values, ok: true, request: checked.data };
  });
}
