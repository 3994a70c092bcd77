// Several proxies on one database (issue 22) sync the archive as one (issue 21): each feed is
// claimed by one proxy at a time, a periodic pass leaves alone a feed another proxy synced
// moments ago, a proxy that died frees its feeds when its lease runs out, and a stopping
// proxy makes no further call.
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '@contract/core/clock';
import type { DeskStorage } from '../core/storage/open-storage';
import { KeyStore } from '../keys/key-store';
import { storageEngines } from '../test-support/storage-engines';
import { testAccounts } from '../test-support/test-desk';
import { ArchiveStore } from './archive-store';
import { ArchiveSync } from './archive-sync';
import type { FetchFn } from './archive-upstream';

const main = new KeyStore(testAccounts).get('main')!;
const only = { account: 'main', feeds: ['revisions'] as const };

/** A fake exchange with no revisions, counting calls; while `held`, calls wait for release(). */
function exchange() {
  const ex = {
    calls: 0,
    held: false,
    delayMs: 0,
    waiting: [] as (() => void)[],
    release() {
      ex.held = false;
      for (const go of ex.waiting.splice(0)) go();
    },
    fetch: (async () => {
      ex.calls++;
      if (ex.held) await new Promise<void>((r) => ex.waiting.push(r));
      if (ex.delayMs) await new Promise((r) => setTimeout(r, ex.delayMs));
      return { ok: true, data: [] as never };
    }) as FetchFn,
  };
  return ex;
}

const open: DeskStorage[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});

describe.each(storageEngines)('archive sync claims on $name', (engine) => {
  /** Two proxies' archive syncs on one database, each with its own view of the exchange. */
  async function twoProxies(leaseMs = 30_000) {
    const place = await engine.place();
    const [a, b] = [await place.open(), await place.open()];
    open.push(a, b);
    const make = (s: DeskStorage, owner: string) => {
      const ex = exchange();
      const store = new ArchiveStore(s.db('archive'));
      return { ex, store, sync: new ArchiveSync({ store, fetch: ex.fetch, accounts: () => [main], clock: systemClock, owner, leaseMs }) };
    };
    return { a: make(a, 'proxy-a'), b: make(b, 'proxy-b') };
  }
  const until = async (cond: () => boolean) => {
    for (const end = Date.now() + 5_000; !cond(); ) {
      if (Date.now() > end) throw new Error('never happened');
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  it('asks the exchange through one proxy at a time, and a periodic pass skips a feed synced moments ago', async () => {
    const { a, b } = await twoProxies();
    a.ex.held = true;
    const byA = a.sync.syncAll(only);
    await until(() => a.ex.calls === 1);
    // B, asked while A syncs the feed, leaves it alone and says so.
    expect(await b.sync.syncAll(only)).toEqual([{ feed: 'revisions', account: 'main', added: 0, ok: true, skipped: 'another proxy is syncing it now' }]);
    expect(b.ex.calls).toBe(0);
    a.ex.release();
    expect((await byA)[0]).toMatchObject({ ok: true });
    expect((await byA)[0]!.skipped).toBeUndefined();
    // B's periodic pass: A synced it moments ago.
    expect((await b.sync.syncAll({ ...only, freshWithinMs: 30_000 }))[0]).toMatchObject({ ok: true, skipped: 'another proxy is syncing it, or synced it moments ago' });
    expect(b.ex.calls).toBe(0);
    // Asked by a user, B syncs it now (the claim is free).
    expect((await b.sync.syncAll(only))[0]).toMatchObject({ ok: true });
    expect(b.ex.calls).toBeGreaterThan(0);
  });

  it('lets another proxy take a feed over once the lease of a proxy that died has run out', async () => {
    const { a, b } = await twoProxies(300);
    // A claimed the feed and died (no release, no renewal).
    expect(await a.store.claimFeed('revisions', 'main', 'proxy-a', Date.now(), Date.now() + 300)).toBe(true);
    expect((await b.sync.syncAll(only))[0]!.skipped).toBe('another proxy is syncing it now');
    await new Promise((r) => setTimeout(r, 350));
    expect((await b.sync.syncAll(only))[0]).toMatchObject({ ok: true });
    expect((await b.sync.syncAll(only))[0]!.skipped).toBeUndefined();
    expect(b.ex.calls).toBeGreaterThan(0);
  });

  it('renews the claim as the calls go, so a sync longer than the lease is not taken over', async () => {
    const { a, b } = await twoProxies(300);
    a.ex.delayMs = 150;
    const started = Date.now();
    let done = false;
    const byA = a.sync.syncAll(only).finally(() => (done = true));
    await until(() => a.ex.calls === 1);
    const skips: (string | undefined)[] = [];
    while (!done) {
      skips.push((await b.sync.syncAll(only))[0]!.skipped);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await byA)[0]).toMatchObject({ ok: true });
    // The sync outlasted its lease twice over, and B never got the feed meanwhile.
    expect(Date.now() - started).toBeGreaterThan(600);
    expect(skips.slice(0, -1).every((r) => r === 'another proxy is syncing it now')).toBe(true);
    expect(b.ex.calls).toBeLessThanOrEqual(a.ex.calls);
  });

  it('asks the exchange nothing when the database cannot take the claim, and says why', async () => {
    const { a } = await twoProxies();
    a.store.claimFeed = () => Promise.reject(new Error('Connection terminated unexpectedly'));
    expect(await a.sync.syncAll(only)).toEqual([{ feed: 'revisions', account: 'main', added: 0, ok: false, error: "the archive's database did not answer: Connection terminated unexpectedly" }]);
    expect(a.ex.calls).toBe(0);
  });

  it('makes no further call once stopping, records no gap for it, and frees the feed at once', async () => {
    const { a, b } = await twoProxies();
    a.ex.held = true;
    const byA = a.sync.syncAll(only);
    await until(() => a.ex.calls === 1);
    const stopped = a.sync.stop();
    a.ex.release();
    await stopped;
    expect(a.ex.calls).toBe(1);
    expect((await byA)[0]).toMatchObject({ ok: false, error: 'the proxy is stopping; the sync goes on at its next start' });
    expect(await a.store.gaps('revisions', 'main')).toEqual([]);
    expect((await a.sync.syncAll(only))[0]).toMatchObject({ ok: false, error: 'the proxy is stopping' });
    // B need not wait for A's lease to run out.
    expect((await b.sync.syncAll(only))[0]).toMatchObject({ ok: true });
    expect((await b.sync.syncAll(only))[0]!.skipped).toBeUndefined();
  });
});
