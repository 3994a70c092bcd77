// Manage team-mode users (scrypt-hashed passwords in the users store: DESK_DATA_DIR's
// users.sqlite, or the team's PostgreSQL when DESK_DATABASE_URL is set).
//   tsx server-proxy/bin/users.ts add <name> --role viewer|ops|broker|trader|admin --accounts main,broker [--password P]
//   tsx server-proxy/bin/users.ts list
//   tsx server-proxy/bin/users.ts remove <name>
// Without --password the password is read from the terminal (or one line of stdin).
import { resolve } from 'node:path';
import { roles } from '@contract/catalog/endpoints';
import { hashPassword } from '../src/auth/password-hash';
import { roleSchema } from '../src/auth/roles';
import { UserStore, userRecordSchema } from '../src/auth/user-store';
import { openStorage } from '../src/core/storage/open-storage';
import { die, flagValue, readSecretLine } from './cli-io';

async function main() {
  const args = process.argv.slice(2);
  const command = args.shift();
  const dataDir = resolve(process.env.DESK_DATA_DIR ?? '.desk');
  const storage = await openStorage({ databaseUrl: process.env.DESK_DATABASE_URL?.trim() || undefined, dataDir });
  try {
    await run(command, args, new UserStore(storage.db('users')), dataDir);
  } finally {
    await storage.close();
  }
}

async function run(command: string | undefined, args: string[], store: UserStore, dataDir: string) {

  switch (command) {
    case 'add': {
      const role = flagValue(args, '--role');
      const accounts = flagValue(args, '--accounts');
      let password = flagValue(args, '--password');
      const name = args[0];
      if (!name || !role || !accounts) die(`usage: users.ts add <name> --role ${roles.join('|')} --accounts main,broker [--password P]`);
      if (!roleSchema.safeParse(role).success) die(`--role must be one of ${roles.join(', ')}`);
      password ??= await readSecretLine('Password: ');
      if (password.length < 8) die('the password must have at least 8 characters');
      const record = userRecordSchema.safeParse({ name, role, accounts: accounts.split(',').map((a) => a.trim()).filter(Boolean), passwordHash: await hashPassword(password) });
      if (!record.success) die(record.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
      await store.put(record.data);
      process.stdout.write(`saved ${name} (${role}; accounts ${record.data.accounts.join(', ')}) in ${dataDir}\n`);
      return;
    }
    case 'list':
      for (const u of await store.list()) process.stdout.write(`${u.name}\t${u.role}\t${u.accounts.join(',')}\n`);
      return;
    case 'remove': {
      const name = args[0];
      if (!name) die('usage: users.ts remove <name>');
      if (!(await store.remove(name))) die(`no user "${name}"`);
      process.stdout.write(`removed ${name}\n`);
      return;
    }
    default:
      die('usage: users.ts add <name> --role R --accounts a,b [--password P] | list | remove <name>');
  }
}

main().catch((err: unknown) => die(err instanceof Error ? err.message : String(err)));
