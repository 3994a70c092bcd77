// Issue 20 done-when: a broker selects 1,000 sub-accounts and applies one setting; the job
// runs in the proxy, so closing the tab midway changes nothing, and a proxy killed with
// SIGKILL midway resumes it. The job ends with 1,000 applied rows; the simulator received
// each sub-account once (a row whose answer was lost in the kill is the one exception the
// design allows: it is sent again, which is safe because the setting is idempotent, and the
// job records it); no second carried more than 10 of these calls, there was no 429, and the
// audit log has 1,000 successful rows.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BrokerStack } from './support/broker-stack';
import { subUidsWith } from './support/broker-directory';
import { mostInAnyWindow } from './support/roles-simulator';

test.use({ storageState: { cookies: [], origins: [] } });

// A stack of its own, beside global-setup's, on the next ports.
const stack = new BrokerStack(Number(process.env.E2E_PORT ?? '18080') + 1, Number(process.env.E2E_SIM_PORT ?? '18090') + 1);
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await stack.start();
});
test.afterAll(() => stack.stop());

async function openBroker(page: Page): Promise<void> {
  await page.goto(stack.openUrl);
  await page.goto(`${stack.baseURL}/broker`);
  await expect(page.getByRole('tab', { name: 'Sub-accounts' })).toBeVisible();
}

async function appliedSoFar(page: Page): Promise<number> {
  const text = (await page.getByTestId('job-1-counts').textContent()) ?? '';
  return Number(/(\d+) applied/.exec(text)?.[1] ?? 'NaN');
}

test('1,000 sub-accounts get one setting through a closed tab and a SIGKILLed proxy, each once, within 10/s', async ({ context }) => {
  test.setTimeout(420_000);
  const normal = subUidsWith('normal');
  const chosen = normal.slice(0, 1000);
  const range = `${chosen[0]}-${chosen[999]}`;

  let page = await context.newPage();
  await openBroker(page);
  // The list arrives at the endpoint's 1 page per second.
  await expect(page.getByTestId('subaccount-count')).toHaveText('1205 sub-accounts', { timeout: 40_000 });
  await page.getByLabel('Search sub-accounts').fill(range);
  await page.getByRole('button', { name: 'Select all shown (1000)' }).click();
  const form = page.getByRole('form', { name: 'Set auto-transfer for the selection' });
  await form.getByLabel('Coin').fill('usdt');
  await form.getByLabel('Destination account type').selectOption('usdt-futures');
  await form.getByRole('button', { name: 'Set auto-transfer for 1000 selected' }).click();

  const jobs = page.getByRole('list', { name: 'Jobs' });
  await expect(jobs.getByRole('listitem', { name: 'Job 1' })).toBeVisible();
  await expect.poll(() => appliedSoFar(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(100);

  // Close the tab midway: the job is the proxy's, not the page's.
  const beforeClose = await appliedSoFar(page);
  await page.close();
  await new Promise((r) => setTimeout(r, 3000));
  page = await context.newPage();
  await openBroker(page);
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByTestId('job-1-state')).toHaveText('running');
  await expect.poll(() => appliedSoFar(page), { timeout: 30_000 }).toBeGreaterThan(beforeClose + 20);
  await expect(page.getByTestId('job-1-counts')).toContainText('rows/s');

  // kill -9 the proxy midway, start it again on the same data.
  await expect.poll(() => appliedSoFar(page), { timeout: 90_000 }).toBeGreaterThanOrEqual(400);
  await stack.killProxy();
  await stack.startProxy();
  await openBroker(page);
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByTestId('job-1-state')).toHaveText('done', { timeout: 150_000 });
  await expect(page.getByTestId('job-1-counts')).toContainText('1000 applied · 0 failed · 0 skipped · 0 to go of 1000');

  // What the exchange side saw.
  const received = await stack.receivedBySub();
  const results = await (await page.request.get(`${stack.baseURL}/jobs/1/results.csv`)).text();
  const resent = results
    .split('\r\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => l.split(','))
    .filter((f) => Number(f[7]) > 1)
    .map((f) => f[1]);
  expect(resent.length).toBeLessThanOrEqual(1);
  for (const uid of chosen) expect(received[uid], uid).toBe(resent.includes(uid) ? 2 : 1);
  expect(Object.keys(received).sort()).toEqual([...chosen].sort());

  const log = (await (await fetch(`${stack.simURL}/__sim/request-log?endpoint=setSubaccountAutotransfer`)).json()) as { time: number; status: number }[];
  expect(log).toHaveLength(1000 + resent.length);
  expect(log.filter((e) => e.status === 429)).toHaveLength(0);
  expect(mostInAnyWindow(log.map((e) => e.time))).toBeLessThanOrEqual(10);

  let ok = 0;
  let cursor = '';
  for (let i = 0; i < 30; i++) {
    const res = await page.request.get(`${stack.baseURL}/audit?endpoint=setSubaccountAutotransfer&code=00000&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    const body = (await res.json()) as { data: { list: unknown[]; cursor: string | null } };
    ok += body.data.list.length;
    if (!body.data.cursor) break;
    cursor = body.data.cursor;
  }
  // A resent row's first audit row is closed as unknown (DESK502), so successes are exactly one per row.
  expect(ok).toBe(1000);
});
