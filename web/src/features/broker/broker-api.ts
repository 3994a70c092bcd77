// The broker screen's calls: one auto-transfer setting (spec 4.2), the same as a bulk job,
// and the current settings rebuilt from the audit log.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@contract/catalog/endpoints';
import type { AutoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { apiFetch } from '@web/lib/api/api-client';
import { fetchAuditRows } from '@web/lib/api/audit-log';
import { describeError } from '@web/lib/api/describe-error';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { AUTOTRANSFER_ENDPOINT, currentSettings } from './current-settings';

// The shared helpers, under the names this feature's components import them by.

/** What one setting came to: applied, or refused with the reason shown to the broker. */
export type SettingOutcome = { ok: true; message?: string } | { ok: false; message: string };

/** One setting, on the account captured when the job was made (an account switch mid-run does not retarget it). */
export async function setAutoTransfer(request: AutoTransferRequest, account: string): Promise<SettingOutcome> {
  try {
    const data = await callEndpoint(endpoints.setSubaccountAutotransfer, request, { account });
    // spec 2.4 / 7.5: `data` = "fail" is a failure even with code 00000.
    return data === 'success' ? { ok: true, message: 'success' } : { ok: false, message: 'the exchange answered "fail"' };
  } catch (e) {
    return { ok: false, message: describeError(e) };
  }
}

export const currentSettingsKey = (account: string | null) => ['audit', account, AUTOTRANSFER_ENDPOINT] as const;

export function currentSettingsQuery(account: string | null) {
  return queryOptions({
    queryKey: currentSettingsKey(account),
    queryFn: async ({ signal }) => {
      const { rows, complete } = await fetchAuditRows(apiFetch, { endpoint: AUTOTRANSFER_ENDPOINT, account: account ?? undefined }, { signal });
      return { settings: currentSettings(rows, account ?? ''), complete };
    },
    staleTime: 0,
  });
}

export function useCurrentSettings(account: string | null, enabled: boolean) {
  return useQuery({ ...currentSettingsQuery(account), enabled: enabled && account !== null });
}
