// "Sync now" for the proxy's archive: runs a sync of `feeds` for the account in use, says
// what it did (new records, or why it stopped), and refreshes every archive query of the
// account. The history's archive panel and the ops pledge-rate page sync the same way.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from './api-client';
import { syncArchive, syncReportText, type ArchiveFeed } from './archive-client';
import { describeError } from './describe-error';

const RUNNING = 'Syncing with the exchange…';

export function useArchiveSync(account: string | null, feeds: readonly ArchiveFeed[]): { status: string | null; running: boolean; syncNow(): Promise<void> } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const syncNow = async () => {
    setStatus(RUNNING);
    try {
      setStatus(syncReportText(await syncArchive(apiFetch, feeds)));
      await queryClient.invalidateQueries({ queryKey: ['archive', account] });
    } catch (e) {
      setStatus(`Sync failed: ${describeError(e)}`);
    }
  };
  return { status, running: status === RUNNING, syncNow };
}
