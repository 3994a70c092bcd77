import { describe, expect, it } from 'vitest';
import { storageEngines } from '../test-support/storage-engines';
import { UserSettingsStore } from './user-settings-store';

describe.each(storageEngines)('user settings on $name', (engine) => {
  it('keeps each user’s settings apart, replaces a saved one, and reads them back after a reopen (a restart, or another proxy)', async () => {
    const place = await engine.place();
    const first = await place.open();
    const a = new UserSettingsStore(first.db('users'));
    await a.put('ann', 'confirm-orders', { enabled: true, threshold: '250' }, 1);
    await a.put('ann', 'confirm-orders', { enabled: false, threshold: '500' }, 2);
    await a.put('bob', 'notification-sounds', { filled: true, partially_filled: false, canceled: false, tpsl: true }, 3);
    await first.close();

    const second = await place.open();
    const b = new UserSettingsStore(second.db('users'));
    expect(await b.all('ann')).toEqual({ 'confirm-orders': { enabled: false, threshold: '500' } });
    expect(await b.all('bob')).toEqual({ 'notification-sounds': { filled: true, partially_filled: false, canceled: false, tpsl: true } });
    expect(await b.all('nobody')).toEqual({});
    await second.close();
  });

  it('leaves out a stored value that no longer fits its schema, so its default applies', async () => {
    const storage = await (await engine.place()).open();
    const db = storage.db('users');
    await db.insertInto('user_settings').values({ user: 'ann', name: 'confirm-orders', value: '{"enabled":"yes"}', updated_at: 1 }).execute();
    await db.insertInto('user_settings').values({ user: 'ann', name: 'retired-setting', value: '{}', updated_at: 1 }).execute();
    expect(await new UserSettingsStore(db).all('ann')).toEqual({});
    await storage.close();
  });
});
