// Sync requests made while a pass runs (issue 21): they run as the next pass, not joined to
// the one under way, which may cover other accounts and predate a moved exchange clock.
import { describe, expect, it } from 'vitest';
import { systemClock } from '@contract/core/clock';
import { memoryStore } from '../core/storage/open-storage';
import { KeyStore } from '../keys/key-store';
import { testAccounts } from '../test-support/test-desk';
import { ArchiveStore } from './archive-store';
import { ArchiveSync } from './archive-sync';
import type { FetchFn } from './archive-upstream';

const keys = new KeyStore(testAccounts);
const accounts = [keys.get('main')!, keys.get('sub')!];

/** A fake exchange with no revisions; its first call waits until `release()`. */
function gatedFetch() {
  const calls: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const fetch: FetchFn = async (account) => {
    calls.push(account.name);
    if (calls.length === 1) await gate;
    return { ok: true, data: [] as never };
  };
  return { fetch, calls, release };
}

describe('archive sync requests during a pass', () => {
  it('run as the next pass, shared and widened, each caller seeing its own scope', async () => {
    const { fetch, calls, release } = gatedFetch();
    const sync = new ArchiveSync({ store: new ArchiveStore(await memoryStore('archive')), fetch, accounts: () => accounts, clock: systemClock });
    const first = sync.syncAll({ account: 'main', feeds: ['revisions'] });
    await new Promise((r) => setTimeout(r, 10));
    const forSub = sync.syncAll({ account: 'sub', feeds: ['revisions'] });
    const forMainAgain = sync.syncAll({ account: 'main', feeds: ['revisions'] });
    release();
    const [a, b, c] = await Promise.all([first, forSub, forMainAgain]);
    expect(a.map((r) => r.account)).toEqual(['main']);
    expect(b.map((r) => r.account)).toEqual(['sub']);
    expect(c.map((r) => r.account)).toEqual(['main']);
    // One pass for main, then ONE more pass over both accounts in their order (main, then
    // sub); a pass per request would read main, sub, main and end with main.
    const firstSub = calls.indexOf('sub');
    expect(firstSub).toBeGreaterThan(0);
    expect(calls.slice(firstSub).every((n) => n === 'sub')).toBe(true);
    expect(calls.at(-1)).toBe('sub');
  });

  it('starts at once when no pass runs', async () => {
    const { fetch, calls, release } = gatedFetch();
    release();
    const sync = new ArchiveSync({ store: new ArchiveStore(await memoryStore('archive')), fetch, accounts: () => accounts, clock: systemClock });
    const reports = await sync.syncAll({ feeds: ['revisions'] });
    expect(reports.map((r) => r.account)).toEqual(['main', 'sub']);
    expect(calls.length).toBeGreaterThan(0);
  });
});
