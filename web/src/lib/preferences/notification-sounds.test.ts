import { describe, expect, it } from 'vitest';
import { defaultSoundPref, soundPref } from './notification-sounds';
import { createUserPrefStore, readUserPref } from './user-pref-store';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('notification sounds preference', () => {
  it('is silent for every event by default', () => {
    expect(readUserPref(soundPref, memory(), 'alice')).toEqual(defaultSoundPref);
    expect(Object.values(defaultSoundPref).every((on) => !on)).toBe(true);
  });

  it('is remembered per user', () => {
    const storage = memory();
    createUserPrefStore(soundPref, storage, () => 'alice').getState().set({ ...defaultSoundPref, filled: true });
    expect(readUserPref(soundPref, storage, 'alice').filled).toBe(true);
    expect(readUserPref(soundPref, storage, 'bob').filled).toBe(false);
  });

  it('falls back to silence on a malformed stored value, and fills in events added since', () => {
    const storage = memory();
    storage.setItem('desk.notification-sounds.alice', '{"filled":"yes"}');
    expect(readUserPref(soundPref, storage, 'alice')).toEqual(defaultSoundPref);
    storage.setItem('desk.notification-sounds.alice', '{"canceled":true}');
    expect(readUserPref(soundPref, storage, 'alice')).toEqual({ ...defaultSoundPref, canceled: true });
  });
});
