// issue 19 "Done when", risk controls: cancel all orders of a symbol with one question and
// a per-order report, and the dead-man's switch, armed at 10 s, cancelling every open order
// 10 s after the page is closed (the simulator's own timer; nothing in the browser runs).
import type { Page } from '@playwright/test';
import { simGet } from './support/chaos-sim';
import { openMarket, restingBuy, screens } from './support/trade-screen';
import { expect, test } from './fixtures';

const risk = (page: Page) => page.getByRole('region', { name: 'Risk controls' });

const openIds = async () => (await simGet<{ list: { orderId: string; symbol: string }[] }>('/api/v3/trade/unfilled-orders', { limit: '100' })).list;

for (const screen of screens) {
  test(`cancel all orders of the symbol asks once, then reports every order it canceled, at ${screen.name}`, async ({ page }) => {
    await page.setViewportSize(screen);
    await openMarket(page);
    const a = await restingBuy(page, 2500n);
    const b = await restingBuy(page, 2600n);
    await risk(page).getByRole('button', { name: 'Cancel all BTCUSDT orders' }).click();
    const ask = risk(page).getByRole('alertdialog', { name: 'Confirm risk control' });
    await expect(ask).toContainText('Cancel every open order of BTCUSDT (spot)?');
    // Esc declines: nothing is sent.
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    expect((await openIds()).map((o) => o.orderId)).toEqual(expect.arrayContaining([a, b]));

    await risk(page).getByRole('button', { name: 'Cancel all BTCUSDT orders' }).click();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await expect(risk(page).getByRole('status', { name: 'Risk control outcome' })).toHaveText(/^Cancel all BTCUSDT orders: (\d+) of \1 done$/);
    const results = risk(page).getByRole('table', { name: 'Risk control results' });
    for (const id of [a, b]) await expect(results.getByRole('row', { name: `Result for order ${id}` })).toContainText('canceled');
    expect((await openIds()).filter((o) => o.symbol === 'BTCUSDT')).toEqual([]);
  });
}

for (const screen of screens) {
  test(`the dead-man’s switch armed at 10 s keeps orders while the page re-arms it, and cancels them all 10 s after the page is closed, at ${screen.name}`, async ({ context }) => {
    const page = await context.newPage();
    await page.setViewportSize(screen);
    await openMarket(page);
    const id = await restingBuy(page, 2700n);
    await risk(page).getByLabel('Countdown (seconds)').selectOption('10');
    await risk(page).getByRole('button', { name: 'Arm' }).click();
    await risk(page).getByRole('alertdialog', { name: 'Confirm risk control' }).getByRole('button', { name: 'Yes' }).click();
    const status = risk(page).getByRole('status', { name: 'Dead-man’s switch' });
    await expect(status).toHaveText(/^Armed: every open order is canceled in \d+ s/);

    // Past one whole window with the page open: re-armed, so the order is still there.
    await page.waitForTimeout(12_000);
    expect((await openIds()).map((o) => o.orderId)).toContain(id);

    await page.close();
    await expect.poll(async () => (await openIds()).length, { timeout: 30_000, intervals: [1000] }).toBe(0);
  });
}
