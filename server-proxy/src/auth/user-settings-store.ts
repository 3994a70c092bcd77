// Each user's own desk settings (contract/schemas/user-settings.ts), in the users store: a
// SQLite file, or the team's PostgreSQL database (issue 22), so a setting made through one
// proxy, in one browser, is the setting everywhere that user signs in.
import { userSettingSchemas, userSettingNames, type UserSettingName, type UserSettings } from '@contract/schemas/user-settings';
import type { DeskDb } from '../core/storage/open-storage';

export class UserSettingsStore {
  constructor(private readonly db: DeskDb) {}

  /** The user's saved settings; a stored value that no longer fits its schema is left out (its default applies). */
  async all(user: string): Promise<UserSettings> {
    const rows = await this.db.selectFrom('user_settings').select(['name', 'value']).where('user', '=', user).execute();
    const out: Record<string, unknown> = {};
    for (const row of rows) {
      if (!userSettingNames.includes(row.name as UserSettingName)) continue;
      try {
        const parsed = userSettingSchemas[row.name as UserSettingName].safeParse(JSON.parse(row.value));
        if (parsed.success) out[row.name] = parsed.data;
      } catch {
        // Unreadable JSON: as if never saved.
      }
    }
    return out as UserSettings;
  }

  /** Saves one setting, already checked against its schema. */
  async put(user: string, name: UserSettingName, value: unknown, now: number): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insertInto('user_settings')
      .values({ user, name, value: json, updated_at: now })
      .onConflict((c) => c.columns(['user', 'name']).doUpdateSet({ value: json, updated_at: now }))
      .execute();
  }
}
