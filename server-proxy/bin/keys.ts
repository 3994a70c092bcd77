// Manage the encrypted key file of named exchange accounts (AES-256-GCM, scrypt).
//   tsx server-proxy/bin/keys.ts add <name> [--uid 1000001]   (asks for key, secret, passphrase)
//   tsx server-proxy/bin/keys.ts list
//   tsx server-proxy/bin/keys.ts remove <name>
// The file is DESK_KEY_FILE (default .desk/keys.json); its passphrase is DESK_KEY_PASSPHRASE
// or asked for. Secrets are read from the terminal (or stdin, one per line), never argv.
import { resolve } from 'node:path';
import { storedAccountSchema } from '../src/keys/account-credentials';
import { readKeyFile, writeKeyFile } from '../src/keys/key-file';
import { KeyStore } from '../src/keys/key-store';
import { die, flagValue, readSecretLine } from './cli-io';

async function main() {
  const args = process.argv.slice(2);
  const command = args.shift();
  const file = resolve(process.env.DESK_KEY_FILE ?? '.desk/keys.json');
  const passphrase = process.env.DESK_KEY_PASSPHRASE ?? (await readSecretLine('Key file passphrase: '));
  if (!passphrase) die('a key file passphrase is required (DESK_KEY_PASSPHRASE or typed)');
  const accounts = readKeyFile(file, passphrase);

  switch (command) {
    case 'list': {
      const rows = new KeyStore(accounts).list();
      if (rows.length === 0) process.stdout.write(`no accounts in ${file}\n`);
      for (const r of rows) process.stdout.write(`${r.name}\tuid ${r.uid ?? '-'}\tkey ${r.keyId}\n`);
      return;
    }
    case 'add': {
      const uid = flagValue(args, '--uid');
      const name = args[0];
      if (!name) die('usage: keys.ts add <name> [--uid <exchange uid>]');
      if (accounts.some((a) => a.name === name)) die(`account "${name}" exists already; remove it first`);
      const apiKey = await readSecretLine('API key: ');
      const secret = await readSecretLine('API secret: ');
      const keyPassphrase = await readSecretLine('API passphrase: ');
      const parsed = storedAccountSchema.safeParse({ name, uid, apiKey, secret, passphrase: keyPassphrase });
      if (!parsed.success) die(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
      writeKeyFile(file, [...accounts, parsed.data], passphrase);
      process.stdout.write(`added ${name} to ${file}\n`);
      return;
    }
    case 'remove': {
      const name = args[0];
      if (!name) die('usage: keys.ts remove <name>');
      const rest = accounts.filter((a) => a.name !== name);
      if (rest.length === accounts.length) die(`no account "${name}" in ${file}`);
      writeKeyFile(file, rest, passphrase);
      process.stdout.write(`removed ${name}\n`);
      return;
    }
    default:
      die('usage: keys.ts add <name> [--uid N] | list | remove <name>');
  }
}

main().catch((err: unknown) => die(err instanceof Error ? err.message : String(err)));
