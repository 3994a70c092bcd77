// Team-mode users for role tests: created with the proxy's users CLI against the data
// directory of the running stack (its SQLite user store is read on every login), then
// signed in through POST /auth/login in the page's own context, so the browser carries the
// session cookie.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { Role } from '../../contract/catalog/endpoints';
import { readStackInfo } from '../stack-info';

const run = promisify(execFile);

export interface RoleUser {
  name: string;
  password: string;
  role: Role;
  accounts: string[];
}

/** Adds (or replaces) the user in the stack's user store. */
export async function createRoleUser(user: RoleUser): Promise<void> {
  const { dataDir } = readStackInfo();
  await run(path.resolve('node_modules/.bin/tsx'), ['server-proxy/bin/users.ts', 'add', user.name, '--role', user.role, '--accounts', user.accounts.join(','), '--password', user.password], {
    cwd: process.cwd(),
    env: { ...process.env, DESK_DATA_DIR: dataDir },
    timeout: 60_000,
  });
}

/** Signs the page's browser context in as `user` and opens `to`. */
export async function signInAs(page: Page, user: RoleUser, to: string): Promise<void> {
  const { baseURL } = readStackInfo();
  const answer = await page.request.post(`${baseURL}/auth/login`, { data: { username: user.name, password: user.password }, headers: { origin: baseURL } });
  if (!answer.ok()) throw new Error(`login of ${user.name} answered HTTP ${answer.status()}: ${await answer.text()}`);
  await page.goto(to);
}

/** The session's CSRF token, for mutations sent from the test through the page's context. */
export async function csrfOf(page: Page): Promise<string> {
  const me = (await (await page.request.get(`${readStackInfo().baseURL}/auth/me`)).json()) as { csrfToken: string };
  return me.csrfToken;
}
