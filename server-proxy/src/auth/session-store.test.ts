import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../core/open-database';
import { ManualClock } from '@contract/core/clock';
import { SESSION_RECHECK_MS, SessionStore } from './session-store';
import { UserStore } from './user-store';
import { tempDir } from '../test-support/temp-dir';

const TTL = 60 * 60_000;
const open: Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
});

/** One proxy process's view of the data dir: its own connection, user store and session store. */
function boot(file: string, clock: ManualClock) {
  const db = openDatabase(file);
  open.push(db);
  const users = new UserStore(db);
  return { db, users, sessions: new SessionStore(clock, TTL, db, users) };
}

const freshFile = () => join(tempDir('desk-sessions-'), 'users.sqlite');
const tom = { name: 'tom', role: 'trader' as const, accounts: ['main', 'sub'], passwordHash: 'scrypt$unused' };

/** The first proxy process on a fresh data dir, with user tom in it. */
function firstProcess() {
  const file = freshFile();
  const clock = new ManualClock();
  const first = boot(file, clock);
  first.users.put(tom);
  const tomSession = () => first.sessions.create({ user: 'tom', role: 'trader', accounts: ['main', 'sub'] });
  return { file, clock, first, tomSession };
}

describe('session store across restarts', () => {
  it('restores a session after the store is closed and reopened on the same file, with the same role, accounts and csrf token', () => {
    const { file, clock, first, tomSession } = firstProcess();
    const made = tomSession();
    first.db.close();

    clock.advance(TTL / 2);
    const again = boot(file, clock).sessions;
    expect(again.size).toBe(0);
    expect(again.get(made.id)).toEqual(made);
    // Now cached: the next lookup does not need the database.
    expect(again.size).toBe(1);
  });

  it('stores only a hash of the session id, never the cookie value', () => {
    const file = freshFile();
    const { db, users, sessions } = boot(file, new ManualClock());
    users.put(tom);
    const made = sessions.create({ user: 'tom', role: 'trader', accounts: ['main'] });
    const dump = JSON.stringify(db.prepare('SELECT * FROM sessions').all());
    expect(dump).not.toContain(made.id);
    expect(dump).toContain(createHash('sha256').update(made.id).digest('base64url'));
  });

  it('ends a session at its ttl even across a restart', () => {
    const { file, clock, first, tomSession } = firstProcess();
    const made = tomSession();
    first.db.close();

    clock.advance(TTL);
    const again = boot(file, clock);
    expect(again.sessions.get(made.id)).toBeUndefined();
    expect(again.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
  });

  it('sweeps expired rows out of the database, including those of sessions this process never saw', () => {
    const { file, clock, first, tomSession } = firstProcess();
    tomSession();
    clock.advance(TTL / 2);
    const later = tomSession();
    first.db.close();

    clock.advance(TTL / 2);
    const again = boot(file, clock);
    again.sessions.sweep();
    expect(again.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    expect(again.sessions.get(later.id)?.user).toBe('tom');
  });

  it('forgets a logged-out session for good: a restart does not bring it back', () => {
    const { file, clock, first, tomSession } = firstProcess();
    const made = tomSession();
    first.sessions.delete(made.id);
    expect(first.sessions.get(made.id)).toBeUndefined();
    first.db.close();

    expect(boot(file, clock).sessions.get(made.id)).toBeUndefined();
  });

  it('ends every session of a user in the database too (deleteUser)', () => {
    const { file, clock, first, tomSession } = firstProcess();
    const a = tomSession();
    const b = tomSession();
    first.sessions.deleteUser('tom');
    first.db.close();

    const again = boot(file, clock).sessions;
    expect(again.get(a.id)).toBeUndefined();
    expect(again.get(b.id)).toBeUndefined();
  });

  it('does not restore the session of a user removed while the proxy was down', () => {
    const { file, clock, first, tomSession } = firstProcess();
    const made = tomSession();
    first.db.close();

    const again = boot(file, clock);
    again.users.remove('tom');
    expect(again.sessions.get(made.id)).toBeUndefined();
    // And the row is gone: putting the user back does not revive the old cookie.
    again.users.put(tom);
    expect(again.sessions.get(made.id)).toBeUndefined();
  });

  it('does not restore a session with a role or accounts the user no longer has', () => {
    const { file, clock, first, tomSession } = firstProcess();
    const demoted = tomSession();
    first.users.put({ ...tom, name: 'ann' });
    const narrowed = first.sessions.create({ user: 'ann', role: 'trader', accounts: ['main', 'sub'] });
    first.db.close();

    const again = boot(file, clock);
    again.users.put({ ...tom, role: 'viewer' });
    again.users.put({ ...tom, name: 'ann', accounts: ['sub'] });
    expect(again.sessions.get(demoted.id)).toBeUndefined();
    expect(again.sessions.get(narrowed.id)).toBeUndefined();
  });

  it('restores the one-time-token admin, who has no user row', () => {
    const file = freshFile();
    const clock = new ManualClock();
    const first = boot(file, clock);
    const admin = first.sessions.create({ user: 'admin', role: 'admin', accounts: ['main', 'sub', 'broker'], localAdmin: true });
    // A session not marked local-admin, for a name with no user row, is not restored.
    const stray = first.sessions.create({ user: 'admin', role: 'admin', accounts: ['main'] });
    first.db.close();

    const again = boot(file, clock).sessions;
    expect(again.get(admin.id)).toMatchObject({ user: 'admin', role: 'admin', accounts: ['main', 'sub', 'broker'], localAdmin: true, csrfToken: admin.csrfToken });
    expect(again.get(stray.id)).toBeUndefined();
  });

  it('answers undefined for an unknown or missing cookie', () => {
    const { sessions } = boot(freshFile(), new ManualClock());
    expect(sessions.get(undefined)).toBeUndefined();
    expect(sessions.get('no-such-session')).toBeUndefined();
  });

  it('refuses to hand out a session it could not store', () => {
    const { db, sessions } = boot(freshFile(), new ManualClock());
    db.close();
    expect(() => sessions.create({ user: 'tom', role: 'trader', accounts: ['main'] })).toThrow();
  });
});

describe('session store while the proxy runs', () => {
  it('drops a cached session within SESSION_RECHECK_MS of its user being removed or re-roled by another process (bin/users.ts)', () => {
    const { file, clock, first, tomSession } = firstProcess();
    first.users.put({ ...tom, name: 'ann' });
    const toms = tomSession();
    const anns = first.sessions.create({ user: 'ann', role: 'trader', accounts: ['main', 'sub'] });
    const kept = first.sessions.create({ user: 'admin', role: 'admin', accounts: ['main'], localAdmin: true });
    // The CLI is another process with its own connection to the same file.
    const cli = boot(file, clock);
    cli.users.remove('tom');
    cli.users.put({ ...tom, name: 'ann', role: 'viewer' });
    // Until the recheck, the cached sessions stand (a Map hit, no database read)...
    expect(first.sessions.get(toms.id)?.user).toBe('tom');
    expect(first.sessions.get(anns.id)?.role).toBe('trader');
    clock.advance(SESSION_RECHECK_MS);
    // ...then each is read again and checked against the users as they are now.
    expect(first.sessions.get(toms.id)).toBeUndefined();
    expect(first.sessions.get(anns.id)).toBeUndefined();
    expect(first.sessions.get(kept.id)?.localAdmin).toBe(true);
  });

  it('keeps a session whose user is unchanged across many rechecks, until its ttl', () => {
    const { clock, first, tomSession } = firstProcess();
    const made = tomSession();
    for (let t = 0; t + SESSION_RECHECK_MS < TTL; t += SESSION_RECHECK_MS) {
      clock.advance(SESSION_RECHECK_MS);
      expect(first.sessions.get(made.id)?.csrfToken).toBe(made.csrfToken);
    }
    clock.advance(SESSION_RECHECK_MS);
    expect(first.sessions.get(made.id)).toBeUndefined();
  });
});
