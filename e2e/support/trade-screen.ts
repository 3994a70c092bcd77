// The trading screen as the issue-19 journeys drive it: open a market, read a balance,
// and talk to the simulator as the unrelated counterparty (UID 2000001) to make fills.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { fromScaled, toScaled } from '../../contract/core/decimal';
import { signedHeaders } from '../../contract/core/signing';
import { simUrl } from './chaos-sim';

export type MarketCategory = 'Spot' | 'Margin' | 'USDT-futures';

/** The two sizes issue 19 asks its journeys at: the phone puts the form first and the rest under tabs. */
export const screens = [
  { name: '1280×720', width: 1280, height: 720 },
  { name: '390×844', width: 390, height: 844 },
] as const;

/** Brings the panel under the chart into view: on a phone it is the 'Orders' pane of the market panels' tabs. */
export async function showOrdersPanel(page: Page): Promise<void> {
  const panes = page.getByRole('tablist', { name: 'Market panels' });
  if (await panes.isVisible()) await panes.getByRole('tab', { name: 'Orders' }).click();
}

/**
 * Puts a market on the trading screen already open, through the picker, and waits for its
 * book. A click opens the picker, not "/": the focus may sit in a form field, where "/" is
 * just a character.
 */
export async function pickMarket(page: Page, category: MarketCategory, symbol: string): Promise<void> {
  const picker = page.getByRole('button', { name: /^Market: / });
  await expect(picker).toBeVisible({ timeout: 30_000 });
  if (!(await picker.getAttribute('aria-label'))?.startsWith(`Market: ${symbol} ${category} `)) {
    await picker.click();
    const dialog = page.getByRole('dialog', { name: 'Choose market' });
    await dialog.getByRole('tab', { name: category }).click({ timeout: 15_000 });
    await dialog.getByRole('combobox', { name: 'Search markets' }).fill(symbol);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  }
  await expect(picker).toHaveAttribute('aria-label', new RegExp(`^Market: ${symbol} ${category} `));
  await expect(page.getByLabel('Mid price')).toHaveText(/\d/, { timeout: 30_000 });
}

/** Opens the trading screen on a market. */
export async function openMarket(page: Page, category: MarketCategory = 'Spot', symbol = 'BTCUSDT'): Promise<void> {
  await page.goto('/trade');
  await pickMarket(page, category, symbol);
}

/** A displayed amount ("99,899.935 USDT") as a plain decimal string. */
export function plain(text: string): string {
  return /-?[\d,]+(\.\d+)?/.exec(text)?.[0].replace(/,/g, '') ?? '';
}

/** The balance panel's available amount of a coin, as shown. */
export async function panelAvailable(page: Page, coin: string): Promise<string> {
  const cell = page.getByLabel(`${coin} available`);
  await expect(cell).toHaveText(/\d/);
  return plain(await cell.innerText());
}

const keys = {
  main: { apiKey: 'demo-key', secret: 'demo-secret', passphrase: 'demo-pass' },
  other: { apiKey: 'demo-other-key', secret: 'demo-other-secret', passphrase: 'demo-other-pass' },
};

/** A signed POST straight to the simulator as the unrelated trader; returns `data`. */
export const otherPost = <T>(path: string, body: unknown) => simPost<T>('other', path, body);

/** A signed POST straight to the simulator, past the desk, as the main trader (1000001) or the unrelated one (2000001). */
export async function simPost<T>(as: keyof typeof keys, path: string, body: unknown): Promise<T> {
  const text = JSON.stringify(body);
  const headers = signedHeaders(keys[as], { timestamp: String(Date.now()), method: 'POST', path, query: '', body: text });
  const res = await fetch(`${simUrl()}${path}`, { method: 'POST', headers, body: text });
  const env = (await res.json()) as { code: string; msg: string; data: T };
  if (env.code !== '00000') throw new Error(`POST ${path} answered ${env.code} ${env.msg}`);
  return env.data;
}

/** A limit buy of 0.001 `offset` whole units under the mid (it rests), through the form; its orderId. */
export async function restingBuy(page: Page, offset: bigint): Promise<string> {
  const mid = plain(await page.getByLabel('Mid price').innerText());
  return limitBuy(page, fromScaled(toScaled(mid, 2, { rounding: 'down' }) - offset * 100n, 2));
}

/** A limit buy of `qty` BTC at `price`, through the form; its orderId once the form says it was sent. */
export async function limitBuy(page: Page, price: string, qty = '0.001'): Promise<string> {
  const f = page.getByRole('form', { name: 'Order form' });
  await f.getByText('Buy', { exact: true }).first().click();
  await f.getByLabel('Order type').selectOption('limit');
  await f.getByLabel('Price', { exact: true }).fill(price);
  await f.getByLabel('Quantity', { exact: true }).fill(qty);
  await f.getByLabel('Quantity', { exact: true }).press('Enter');
  const sent = f.getByRole('status').filter({ hasText: 'Order sent' });
  await expect(sent).toBeVisible();
  return /Order sent: (\d+)/.exec(await sent.innerText())?.[1] ?? '';
}
