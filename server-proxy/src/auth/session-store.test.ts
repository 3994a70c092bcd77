// Sessions on both storage engines (issue 22): what one proxy process stores, another
// (a restart, or a second proxy on the team's PostgreSQL) restores and checks again.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@contract/core/clock';
import type { DeskStorage } from '../core/storage/open-storage';
import { storageEngines, type StoragePlace } from '../test-support/storage-engines';
import { SESSION_RECHECK_MS, SessionStore } from './session-store';
import { UserStore } from './user-store';

const TTL = 60_000;
const open: DeskStorage[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});

const tom = { name: 'tom', role: 'trader' as const, accounts: ['main', 'sub'], passwordHash: 'scrypt$unused' };

describe.each(storageEngines)('session store on $name', (engine) => {
  /** One proxy process's view of the place: its own connection, user store and session store. */
  async function boot(place: StoragePlace, clock: ManualClock) {
    const storage = await place.open();
    open.push(storage);
    const db = storage.db('users');
    const users = new UserStore(db);
    return { storage, db, users, sessions: new SessionStore(clock, TTL, db, users) };
  }

  /** The first proxy process on a fresh place, with user tom in it. */
  async function firstProcess() {
    const place = await engine.place();
    const clock = new ManualClock();
    const first = await boot(place, clock);
    await first.users.put(tom);
    const tomSession = () => first.sessions.create({ user: 'tom', role: 'trader', accounts: ['main', 'sub'] });
    return { place, clock, first, tomSession };
  }

  const countRows = async (db: DeskStorage) => (await db.db('users').selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  describe('across restarts', () => {
    it('restores a session after the store is closed and reopened on the same place, with the same role, accounts and csrf token', async () => {
      const { place, clock, first, tomSession } = await firstProcess();
      const made = await tomSession();
      await first.storage.close();

      clock.advance(TTL / 2);
      const again = (await boot(place, clock)).sessions;
      expect(again.size).toBe(0);
      expect(await again.get(made.id)).toEqual(made);
      // Now cached: the next lookup does not need the database.
      expect(again.size).toBe(1);
      expect(again.cached(made.id)).toEqual(made);
    });

    it('stores only a hash of the session id, never the cookie value', async () => {
      const { first, tomSession } = await firstProcess();
      const made = await tomSession();
      const dump = JSON.stringify(await first.db.selectFrom('sessions').selectAll().execute());
      expect(dump).not.toContain(made.id);
      expect(dump).toContain(createHash('sha256').update(made.id).digest('base64url'));
    });

    it('ends a session at its ttl even across a restart', async () => {
      const { place, clock, first, tomSession } = await firstProcess();
      const made = await tomSession();
      await first.storage.close();

      clock.advance(TTL);
      const again = await boot(place, clock);
      expect(await again.sessions.get(made.id)).toBeUndefined();
      expect(await countRows(again.storage)).toBe(0);
    });

    it('sweeps expired rows out of the database, including those of sessions this process never saw', async () => {
      const { place, clock, first, tomSession } = await firstProcess();
      await tomSession();
      clock.advance(TTL / 2);
      const later = await tomSession();
      await first.storage.close();

      clock.advance(TTL / 2);
      const again = await boot(place, clock);
      await again.sessions.sweep();
      expect(await countRows(again.storage)).toBe(1);
      expect((await again.sessions.get(later.id))?.user).toBe('tom');
    });

    it('forgets a logged-out session for good: a restart does not bring it back', async () => {
      const { place, clock, first, tomSession } = await firstProcess();
      const made = await tomSession();
      await first.sessions.delete(made.id);
      expect(await first.sessions.get(made.id)).toBeUndefined();
      await first.storage.close();

      expect(await (await boot(place, clock)).sessions.get(made.id)).toBeUndefined();
    });

    it('ends every session of a user in the database too (deleteUser)', async () => {
      const { place, clock, first, tomSession } = await firstProcess();
      const a = await tomSession();
      const b = await tomSession();
      await first.sessions.deleteUser('tom');
      await first.storage.close();

      const again = (await boot(place, clock)).sessions;
      expect(await again.get(a.id)).toBeUndefined();
      expect(await again.get(b.id)).toBeUndefined();
    });

    it('does not restore the session of a user removed while the proxy was down', async () => {
      const { place, clock, first, tomSession } = await firstProcess();
      const made = await tomSession();
      await first.storage.close();

      const again = await boot(place, clock);
      await again.users.remove('tom');
      expect(await again.sessions.get(made.id)).toBeUndefined();
      // And the row is gone: putting the user back does not revive the old cookie.
      await again.users.put(tom);
      expect(await again.sessions.get(made.id)).toBeUndefined();
    });

    it('does not restore a session with a role or accounts the user no longer has', async () => {
      const { place, clock, first, tomSession } = await firstProcess();
      const demoted = await tomSession();
      await first.users.put({ ...tom, name: 'ann' });
      const narrowed = await first.sessions.create({ user: 'ann', role: 'trader', accounts: ['main', 'sub'] });
      await first.storage.close();

      const again = await boot(place, clock);
      await again.users.put({ ...tom, role: 'viewer' });
      await again.users.put({ ...tom, name: 'ann', accounts: ['sub'] });
      expect(await again.sessions.get(demoted.id)).toBeUndefined();
      expect(await again.sessions.get(narrowed.id)).toBeUndefined();
    });

    it('restores the one-time-token admin, who has no user row', async () => {
      const place = await engine.place();
      const clock = new ManualClock();
      const first = await boot(place, clock);
      const admin = await first.sessions.create({ user: 'admin', role: 'admin', accounts: ['main', 'sub', 'broker'], localAdmin: true });
      // A session not marked local-admin, for a name with no user row, is not restored.
      const stray = await first.sessions.create({ user: 'admin', role: 'admin', accounts: ['main'] });
      await first.storage.close();

      const again = (await boot(place, clock)).sessions;
      expect(await again.get(admin.id)).toMatchObject({ user: 'admin', role: 'admin', accounts: ['main', 'sub', 'broker'], localAdmin: true, csrfToken: admin.csrfToken });
      expect(await again.get(stray.id)).toBeUndefined();
    });

    it('answers undefined for an unknown or missing cookie', async () => {
      const { sessions } = await boot(await engine.place(), new ManualClock());
      expect(await sessions.get(undefined)).toBeUndefined();
      expect(await sessions.get('no-such-session')).toBeUndefined();
    });

    it('refuses to hand out a session it could not store', async () => {
      const { storage, sessions } = await boot(await engine.place(), new ManualClock());
      await storage.close();
      await expect(sessions.create({ user: 'tom', role: 'trader', accounts: ['main'] })).rejects.toThrow();
    });
  });

  describe('while the proxy runs', () => {
    it('drops a cached session within SESSION_RECHECK_MS of its user being removed or re-roled by another process (bin/users.ts, another proxy)', async () => {
      const { place, clock, first, tomSession } = await firstProcess();
      await first.users.put({ ...tom, name: 'ann' });
      const toms = await tomSession();
      const anns = await first.sessions.create({ user: 'ann', role: 'trader', accounts: ['main', 'sub'] });
      const kept = await first.sessions.create({ user: 'admin', role: 'admin', accounts: ['main'], localAdmin: true });
      // The CLI is another process with its own connection to the same place.
      const cli = await boot(place, clock);
      await cli.users.remove('tom');
      await cli.users.put({ ...tom, name: 'ann', role: 'viewer' });
      // Until the recheck, the cached sessions stand (a Map hit, no database read)...
      expect((await first.sessions.get(toms.id))?.user).toBe('tom');
      expect(first.sessions.cached(anns.id)?.role).toBe('trader');
      clock.advance(SESSION_RECHECK_MS);
      // ...then each is read again and checked against the users as they are now.
      expect(first.sessions.cached(toms.id)).toBeUndefined();
      expect(await first.sessions.get(toms.id)).toBeUndefined();
      expect(await first.sessions.get(anns.id)).toBeUndefined();
      expect((await first.sessions.get(kept.id))?.localAdmin).toBe(true);
    });

    it('keeps a session whose user is unchanged across many rechecks, until its ttl', async () => {
      const { clock, first, tomSession } = await firstProcess();
      const made = await tomSession();
      for (let t = 0; t + SESSION_RECHECK_MS < TTL; t += SESSION_RECHECK_MS) {
        clock.advance(SESSION_RECHECK_MS);
        expect((await first.sessions.get(made.id))?.csrfToken).toBe(made.csrfToken);
      }
      clock.advance(SESSION_RECHECK_MS);
      expect(await first.sessions.get(made.id)).toBeUndefined();
    });

    it('reads the database once for a burst of calls with a cookie it has not seen', async () => {
      const { place, clock, tomSession } = await firstProcess();
      const made = await tomSession();
      const other = await boot(place, clock);
      const all = await Promise.all(Array.from({ length: 20 }, () => other.sessions.check(made.id)));
      expect(all.every((c) => 'session' in c && c.session.id === made.id)).toBe(true);
    });
  });
});
