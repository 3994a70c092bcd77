import { describe, expect, it } from 'vitest';
import type { ArchiveSyncReport } from '@contract/schemas/archive';
import type { ApiFetch } from './api-fetch';
import { syncArchive, syncReportText } from './archive-client';

const report = (over: Partial<ArchiveSyncReport>): ArchiveSyncReport => ({ feed: 'revisions', account: 'main', added: 0, ok: true, ...over });

describe('"Sync now" reports', () => {
  it('say what was added, why a sync stopped, and which feeds another proxy is syncing', () => {
    expect(syncReportText([report({ added: 1_200 }), report({ feed: 'loanOrders', added: 3 })])).toBe('Synced: 1,203 new records.');
    expect(syncReportText([report({ added: 2 }), report({ feed: 'fills', ok: false, error: 'fills failed: 429 too many' })])).toBe('Sync stopped: fills failed: 429 too many');
    expect(syncReportText([report({ added: 2 }), report({ feed: 'loanOrders', skipped: 'another proxy is syncing it now' })])).toBe(
      'Synced: 2 new records. Another proxy of this desk is syncing loanOrders; its records appear as it stores them.',
    );
  });

  it('checks the proxy\'s answer against the contract', async () => {
    const answer = (data: unknown): ApiFetch => async <T,>() => data as T;
    expect(await syncArchive(answer([report({ added: 1 })]), ['revisions'])).toEqual([report({ added: 1 })]);
    await expect(syncArchive(answer([{ feed: 'revisions', ok: true }]), ['revisions'])).rejects.toThrow(/archive\/sync/);
  });
});
