// Rows of a bulk auto-transfer CSV (header subUid,coin,toAccountType), each checked before
// anything is sent: the contract's request schema (spec 4.2), coins in any case (the
// single form accepts "usdt" too), and the broker's own directory: the sub-account must
// be one of this broker's, not frozen or deleted, and the coin one the exchange lists.
// An invalid row is flagged with the field and the reason and is never sent.
import type { SubaccountStatus } from '@contract/schemas/broker-subaccounts';
import { autoTransferRequest, type AutoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { MAX_JOB_ROWS } from '@contract/schemas/broker-jobs';
import { check } from '@contract/core/validation';
import type { CsvTableRow } from '@web/lib/csv-import/read-csv-table';

export const autoTransferColumns = ['subUid', 'coin', 'toAccountType'] as const;
export type AutoTransferColumn = (typeof autoTransferColumns)[number];

/** A CSV bigger than this is refused before it is read: 1,500 rows take about 60 KB. */
export const MAX_CSV_BYTES = 1024 * 1024;
export const CSV_TEMPLATE = 'subUid,coin,toAccountType\r\n3000002,USDT,usdt-futures\r\n3000003,btc,spot\r\n';

/** What the desk knows about the broker, to check rows against. */
export interface KnownDirectory {
  /** The broker's sub-accounts by UID, with their status. */
  subs: ReadonlyMap<string, SubaccountStatus>;
  /** Coins the exchange lists (upper case). */
  coins: ReadonlySet<string>;
}

export type PreviewRow =
  | { line: number; values: Record<AutoTransferColumn, string>; ok: true; request: AutoTransferRequest }
  | { line: number; values: Record<AutoTransferColumn, string>; ok: false; field: string; reason: string };

function directoryProblem(req: AutoTransferRequest, known: KnownDirectory): { field: string; reason: string } | undefined {
  const status = known.subs.get(req.subUid);
  if (status === undefined) return { field: 'subUid', reason: `${req.subUid} is not one of this broker's sub-accounts (another broker's, or none)` };
  if (status === 'freeze') return { field: 'subUid', reason: `sub-account ${req.subUid} is frozen; the exchange refuses it` };
  if (status === 'del') return { field: 'subUid', reason: `sub-account ${req.subUid} was deleted` };
  if (!known.coins.has(req.coin)) return { field: 'coin', reason: `${req.coin} is not a coin the exchange lists` };
  return undefined;
}

export function validateAutoTransferRows(rows: readonly CsvTableRow<AutoTransferColumn>[], known?: KnownDirectory): PreviewRow[] {
  // The first valid row of a (subUid, coin) pair; a later one would make the outcome depend on which call lands last.
  const firstLineOf = new Map<string, number>();
  return rows.map((row): PreviewRow => {
    if (row.problem) return { line: row.line, values: row.values, ok: false, field: row.problem.field, reason: row.problem.reason };
    const checked = check(autoTransferRequest, { ...row.values, coin: row.values.coin.toUpperCase() });
    if (!checked.ok) return { line: row.line, values: row.values, ok: false, field: checked.field, reason: checked.message };
    const problem = known ? directoryProblem(checked.data, known) : undefined;
    if (problem) return { line: row.line, values: row.values, ok: false, ...problem };
    const key = `${checked.data.subUid}|${checked.data.coin}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      return { line: row.line, values: row.values, ok: false, field: 'coin', reason: `duplicate: sub-account ${checked.data.subUid} and ${checked.data.coin} are already on line ${first}; keep one line per pair` };
    }
    firstLineOf.set(key, row.line);
    return { line: row.line, values: row.values, ok: true, request: checked.data };
  });
}

/** Problems with the file as a whole (before any row is looked at). */
export function fileProblem(file: { name: string; size: number }): string | undefined {
  if (file.size > MAX_CSV_BYTES) {
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a CSV of at most ${MAX_CSV_BYTES / 1024 / 1024} MB is accepted (${MAX_JOB_ROWS} rows take about 60 KB). Split it.`;
  }
  return undefined;
}

export function tooManyRows(valid: number): string | undefined {
  return valid > MAX_JOB_ROWS ? `${valid} valid rows; one job takes at most ${MAX_JOB_ROWS}. Split the file.` : undefined;
}
