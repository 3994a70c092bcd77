// issue 5, item 2: keys never reach a browser. The built bundle, and everything a browser
// receives in a session (HTTP bodies and WebSocket frames, both ways), must hold none of
// the embedded simulator's secrets or passphrases (ARCHITECTURE.md's seeded accounts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

const secrets = ['demo-secret', 'demo-pass', 'demo-sub-secret', 'demo-sub-pass', 'demo-broker-secret', 'demo-broker-pass', 'demo-key', 'demo-sub-key', 'demo-broker-key'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

test('the built web bundle holds no secret or passphrase', () => {
  const files = filesUnder(path.resolve('dist/web'));
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  for (const file of files) {
    const text = readFileSync(file, 'latin1');
    for (const secret of secrets) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
  }
});

test('a browser session receives and sends no secret or passphrase', async ({ page }) => {
  const seen: string[] = [];
  /** The topics of the pushes that came down the private sockets. */
  const privateTopics = new Set<string>();
  page.on('websocket', (ws) => {
    const isPrivate = ws.url().includes('/ws/private');
    ws.on('framereceived', (f) => {
      const text = String(f.payload);
      seen.push(text);
      const topic = /"topic":"(\w+)"[^]*"data":/.exec(text)?.[1];
      if (isPrivate && topic) privateTopics.add(topic);
    });
    ws.on('framesent', (f) => seen.push(String(f.payload)));
  });
  page.on('response', (res) => {
    void res.text().then(
      (t) => seen.push(t),
      () => undefined, // redirects and aborted requests have no body
    );
  });

  for (const screen of ['/trade', '/assets', '/positions', '/orders', '/settings', '/broker', '/audit']) {
    await page.goto(screen);
    await expect(page.getByRole('status', { name: /Connection: connected/ })).toBeVisible({ timeout: 30_000 });
  }
  await page.getByRole('banner').getByLabel('Account').selectOption('broker');
  await expect(page.getByRole('status', { name: 'Connection: connected' })).toBeVisible({ timeout: 30_000 });

  // The session really carried data: private pushes and REST answers. "Connected" comes
  // with the login, and the loop above moves on at once, often before a screen has
  // subscribed its private channels (clean-clone runs lost that race). So end on a screen
  // that subscribes (assets: account and position) and stay until a snapshot comes.
  await page.goto('/assets');
  await expect(page.getByRole('status', { name: /Connection: connected/ })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => [...privateTopics].join(','), { timeout: 15_000, message: 'a push on a private socket' }).not.toBe('');
  expect(seen.some((t) => t.includes('"code":"00000"'))).toBe(true);
  for (const text of seen) for (const secret of secrets) expect(text.includes(secret), secret).toBe(false);
});
