// Paths in the configuration (data dir, key file, web dir) are relative to the repository's
// root, whatever the working directory: `npm start` and `npm run copy-to-postgres` agree.
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const fromRepoRoot = (p: string): string => (isAbsolute(p) ? p : resolve(repoRoot, p));
