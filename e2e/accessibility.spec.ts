// Issue 19 done-when: axe-core finds no serious or critical violation on any screen, at
// 1280×720 and at 390×844, in both themes (contrast differs between them).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const screens = ['/trade', '/orders', '/positions', '/assets', '/broker', '/ops', '/convert', '/audit', '/settings'];

/** The serious and critical findings, one line each: the rule and the first few offending nodes. */
async function seriousFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  for (const theme of ['dark', 'light'] as const) {
    test(`no serious or critical axe finding on any screen at ${viewport.width}×${viewport.height}, ${theme} theme`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await page.addInitScript((t) => localStorage.setItem('desk.theme', t), theme);
      const found: string[] = [];
      for (const screen of screens) {
        // The broker screen as the broker's own account (any other is refused the sub-account list).
        await page.goto(screen);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        if (screen === '/broker') await page.getByRole('banner').getByLabel('Account', { exact: true }).selectOption('broker');
        await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0, { timeout: 30_000 });
        await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
        await page.waitForTimeout(500);
        for (const line of await seriousFindings(page)) found.push(`${screen}: ${line}`);
        if (screen === '/broker') await page.getByRole('banner').getByLabel('Account', { exact: true }).selectOption('main');
      }
      expect(found).toEqual([]);
    });
  }
}
