// The proxy's copy of the signed-in user's preferences (GET and PUT /desk/settings,
// contract/schemas/user-settings.ts). The settings are read once per signed-in user and
// shared by every preference store; a save sends one setting.
import { userSettingsAnswer, type UserSettings } from '@contract/schemas/user-settings';
import { apiFetch } from '@web/lib/api/api-client';
import { sessionStore } from '@web/lib/session/session-store';
import type { PrefRemote } from './user-pref-store';

let loaded: { user: string; settings: Promise<UserSettings> } | null = null;

function settingsOf(user: string): Promise<UserSettings> {
  if (loaded?.user !== user) {
    const settings = apiFetch({ path: '/desk/settings' }).then((data) => userSettingsAnswer.parse(data));
    loaded = { user, settings };
    // A failed read is asked again next time rather than remembered.
    settings.catch(() => {
      if (loaded?.settings === settings) loaded = null;
    });
  }
  return loaded.settings;
}

export const deskSettings: PrefRemote = {
  async load(name) {
    const user = sessionStore.getState().me?.user;
    if (!user) return undefined;
    return (await settingsOf(user))[name as keyof UserSettings];
  },
  async save(name, value) {
    await apiFetch({ method: 'PUT', path: `/desk/settings/${name}`, body: value });
    const user = sessionStore.getState().me?.user;
    // The next read of this user's settings must see the save.
    if (loaded && loaded.user === user) loaded = null;
  },
};
