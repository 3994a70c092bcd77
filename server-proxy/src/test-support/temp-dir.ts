// Temporary folders for tests (data dirs, key files, config files), removed when the test
// file that made them ends, so test runs don't leave desk-* folders behind in /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

// Imported while a test file is collected, so this hook belongs to that file.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder under the system temp dir, named `prefix` + random characters. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
