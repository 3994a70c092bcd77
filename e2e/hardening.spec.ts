// Issue 16 item 1 in the browser: a session change reaches the page's open sockets at once,
// and the page says why they closed (the header's connection indicator).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { readStackInfo } from './stack-info';
import { createRoleUser, signInAs, type RoleUser } from './support/roles';

const run = promisify(execFile);
const user: RoleUser = { name: 'hardening-trader', password: 'hardening-password-1', role: 'trader', accounts: ['main'] };

test.use({ storageState: { cookies: [], origins: [] } });

test('a trader removed by the users CLI sees the desk close the sockets and why', async ({ page }) => {
  await createRoleUser(user);
  await signInAs(page, user, '/trade');
  await expect(page.getByRole('status', { name: 'Connection: connected' })).toBeVisible({ timeout: 30_000 });
  // Removed from another process, as an admin would: the proxy reads it within a second.
  await run(path.resolve('node_modules/.bin/tsx'), ['server-proxy/bin/users.ts', 'remove', user.name], {
    env: { ...process.env, DESK_DATA_DIR: readStackInfo().dataDir },
    timeout: 60_000,
  });
  // Whichever reaches the page first says why: the socket's close (header, or the login
  // screen if a REST 401 already replaced the page) or /auth/me's DESK401S on the login screen.
  await expect(page.getByRole('alert').filter({ hasText: /closed by the desk: session ended: user removed|Your session ended: user removed/ })).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: 'test-results/hardening-session-ended.png' });
});
