// Issue 19 done-when: axe-core finds no serious or critical violation on any screen, at
// 1280×720 and at 390×844, in both themes. Each screen is checked whole in the dark theme,
// then, switched to light in place, for contrast only: the theme changes colours, nothing else.
// It runs in the side pass only (playwright.config.ts sidePass), beside the broker job's
// waiting; the screens are the same app in both dialects.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const screens = ['/trade', '/orders', '/positions', '/assets', '/broker', '/ops', '/convert', '/audit', '/settings'];
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical findings, one line each: the rule and the first few offending nodes. */
async function seriousFindings(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (rules ? builder.withRules(rules) : builder.withTags(wcag)).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const setTheme = (page: Page, theme: 'dark' | 'light') => page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);

// One test a screen, both sizes in one page (a resize, not a second load): a whole sweep in
// one test ran into the test timeout on a loaded machine (axe takes 5 to 10 s a screen
// there), and one finding names its screen.
const viewports = [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
];
for (const screen of screens) {
  test(`no serious or critical axe finding on ${screen} at 1280×720 and 390×844, in the dark and the light theme`, async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const [i, viewport] of viewports.entries()) {
      const size = `${viewport.width}×${viewport.height}`;
      await page.setViewportSize(viewport);
      if (i === 0) {
        await page.goto(screen);
        // The broker screen as the broker's own account (any other is refused the sub-account list).
        if (screen === '/broker') await page.getByRole('banner').getByLabel('Account', { exact: true }).selectOption('broker');
      } else {
        await setTheme(page, 'dark');
      }
      await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await page.waitForTimeout(300);
      for (const line of await seriousFindings(page)) found.push(`${size} dark: ${line}`);
      await setTheme(page, 'light');
      for (const line of await seriousFindings(page, ['color-contrast'])) found.push(`${size} light: ${line}`);
    }
    expect(found).toEqual([]);
  });
}
