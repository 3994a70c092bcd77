// The exchange offers no way to read auto-transfer settings back (spec 4.2), so the desk
// rebuilds them from its own audit log: the latest accepted call per (subUid, coin) on
// the broker account is the setting in force, with who made it and when.
import { autoTransferRequest, type AutoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { SUCCESS } from '@contract/schemas/envelope';
import type { AuditRow } from '@web/lib/api/audit-log';

export const AUTOTRANSFER_ENDPOINT = 'setSubaccountAutotransfer';

export interface CurrentSetting extends AutoTransferRequest {
  setBy: string;
  setAt: number;
  auditId: number;
  /** Refused attempts for the same pair made after this setting (it still stands). */
  laterRefusals: number;
}

export function currentSettings(rows: readonly AuditRow[], account: string): CurrentSetting[] {
  // Oldest first, so each later row overrides; the id breaks ties of the same millisecond.
  const ordered = rows
    .filter((r) => r.endpoint === AUTOTRANSFER_ENDPOINT && r.account === account)
    .sort((a, b) => a.time - b.time || a.id - b.id);
  const byPair = new Map<string, CurrentSetting>();
  const refusedAfter = new Map<string, number>();
  for (const row of ordered) {
    const request = requestOf(row.requestBody);
    if (!request) continue;
    const key = `${request.subUid}|${request.coin}`;
    if (row.code !== SUCCESS || row.httpStatus >= 400) {
      if (byPair.has(key)) refusedAfter.set(key, (refusedAfter.get(key) ?? 0) + 1);
      continue;
    }
    byPair.set(key, { ...request, setBy: row.user, setAt: row.time, auditId: row.id, laterRefusals: 0 });
    refusedAfter.delete(key);
  }
  return [...byPair.entries()]
    .map(([key, s]) => ({ ...s, laterRefusals: refusedAfter.get(key) ?? 0 }))
    .sort((a, b) => compareUid(a.subUid, b.subUid) || a.coin.localeCompare(b.coin));
}

function requestOf(body: string): AutoTransferRequest | undefined {
  try {
    const parsed = autoTransferRequest.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function compareUid(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
