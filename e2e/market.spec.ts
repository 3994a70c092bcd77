// issue 18 "Done when": the trade screen leads with the market. The chart opens full of
// candles with volume and gains a candle when the minute turns; the tape shows trades and
// marks the user's own; the ticker's 24 h volume is the sum of the last day's 1m candles,
// in REST and on screen; a 0.001 BTC buy at the best ask fills whole.
import type { APIRequestContext, Page } from '@playwright/test';
import { addDecimal, compareDecimal } from '../contract/core/decimal';
import { setFlow, simGet, simUrl } from './support/chaos-sim';
import { limitBuy, openMarket } from './support/trade-screen';
import { expect, test } from './fixtures';

const chart = (page: Page) => page.getByRole('figure', { name: /^Candlestick chart, 1m, / });
const candlesShown = async (page: Page) => Number(await chart(page).getAttribute('data-candles'));

async function market<T>(request: APIRequestContext, baseURL: string, path: string, query: Record<string, string>): Promise<T> {
  const res = await request.get(`${baseURL}${path}?${new URLSearchParams(query).toString()}`);
  const body = (await res.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe('00000');
  return body.data;
}

test('the chart opens with hundreds of candles and volume, and gains a candle when the minute turns', async ({ page }) => {
  await openMarket(page);
  await expect.poll(() => candlesShown(page)).toBeGreaterThanOrEqual(300);
  await expect(page.getByText('BTCUSDT candles (USDT), volume in BTC')).toBeVisible();
  const before = await candlesShown(page);
  // Turn the simulator's market minute; the next trades start a new 1m candle, pushed on kline.
  const moved = await fetch(`${simUrl()}/__sim/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 60_000 }) });
  expect(moved.status).toBe(200);
  await expect.poll(() => candlesShown(page), { timeout: 20_000 }).toBeGreaterThan(before);
  // Another interval reads its own candles.
  await page.getByRole('group', { name: 'Candle interval' }).getByRole('button', { name: '1H' }).click();
  await expect(page.getByRole('figure', { name: /^Candlestick chart, 1H, [1-9]\d* candles/ })).toBeVisible();
});

test('the tape shows trades, and a 0.001 BTC buy at the best ask fills whole and shows in it as yours', async ({ page }) => {
  await openMarket(page);
  const tape = page.getByRole('list', { name: 'Recent trades' });
  await expect(tape.getByRole('listitem').first()).toBeVisible();
  // Rows are placed once and moved as a track (trades-tape.tsx): on screen they must still
  // stand in the list's order, newest on top, one row height apart, as trades come in.
  const rowTops = () => tape.evaluate((list) => [list, ...list.querySelectorAll('[role=listitem]')].map((r) => Math.round(r.getBoundingClientRect().top)));
  for (let look = 0; look < 3; look++) {
    const [listTop, ...tops] = await rowTops();
    expect(tops.length).toBeGreaterThan(5);
    expect(tops[0]).toBe(listTop);
    expect(tops.slice(1).map((top, i) => top - tops[i]!)).toEqual(tops.slice(1).map(() => 20));
    await page.waitForTimeout(700);
  }

  // The flow is paused from reading the best ask to the fill, so the ask cannot move away meanwhile.
  await setFlow(0);
  const book = await simGet<{ a: [string, string][] }>('/api/v3/market/orderbook', { category: 'SPOT', symbol: 'BTCUSDT', limit: '1' });
  const bestAsk = book.a[0]![0];
  const orderId = await limitBuy(page, bestAsk);

  // Filled completely: the exchange's fills of the order add up to 0.001 BTC.
  type Fill = { orderId: string; execPrice: string; execQty: string; execLinkId?: string };
  const fillsOf = async () => (await simGet<{ list: Fill[] }>('/api/v3/trade/fills', { orderId })).list.filter((f) => f.orderId === orderId);
  await expect.poll(async () => { const f = await fillsOf(); return f.length > 0 && compareDecimal(addDecimal(...f.map((x) => x.execQty)), '0.001') === 0; }).toBe(true);
  const mine = await fillsOf();
  await setFlow(10);

  // Each of its fills is in the tape, marked as the user's, at the fill's price and size.
  for (const fill of mine) {
    const row = tape.locator(`[data-trade-id="${fill.execLinkId}"]`);
    await expect(row).toHaveAttribute('data-own', 'true');
    await expect(row).toHaveAttribute('aria-label', new RegExp(`^Buy ${fill.execQty.replace('.', '\\.')}0* BTC at ${Number(fill.execPrice).toFixed(2).replace('.', '\\.')} USDT, yours$`));
  }
});

test('the ticker’s 24 h volume is the sum of the last 1,440 one-minute candles, in REST and on screen', async ({ page, baseURL }) => {
  await openMarket(page);
  await setFlow(0);
  try {
    const query = { category: 'SPOT', symbol: 'BTCUSDT' };
    const [ticker] = await market<{ volume24h: string; ts: string }[]>(page.request, baseURL!, '/api/v3/market/tickers', query);
    // The day the ticker covers: the 1,440 minutes up to and including the one of its time.
    const end = Number(ticker!.ts) - (Number(ticker!.ts) % 60_000) + 60_000;
    const rows = [
      ...(await market<string[][]>(page.request, baseURL!, '/api/v3/market/candles', { ...query, interval: '1m', startTime: String(end - 1440 * 60_000), endTime: String(end - 1000 * 60_000 - 1), limit: '1000' })),
      ...(await market<string[][]>(page.request, baseURL!, '/api/v3/market/candles', { ...query, interval: '1m', startTime: String(end - 1000 * 60_000), endTime: String(end - 1), limit: '1000' })),
    ];
    const sum = rows.length === 0 ? '0' : addDecimal(...rows.map((r) => r[5]!));
    expect(compareDecimal(sum, ticker!.volume24h), `sum of ${rows.length} candles ${sum} vs ticker ${ticker!.volume24h}`).toBe(0);
    // The screen shows the same figure, to the lot (six decimals for BTC).
    const [int, frac = ''] = ticker!.volume24h.split('.');
    const shown = `${Number(int).toLocaleString('en-US')}.${frac.padEnd(6, '0')} BTC`;
    await expect(page.getByLabel('24h volume', { exact: true })).toHaveText(shown);
  } finally {
    await setFlow(10);
  }
});

test('a futures ticker shows open interest equal to the exchange’s open-interest answer, in BTC to the lot', async ({ page, baseURL }) => {
  await openMarket(page, 'USDT-futures');
  const { previous } = await setFlow(0);
  try {
    const answer = await market<{ list: { symbol: string; openInterest: string }[] }>(page.request, baseURL!, '/api/v3/market/open-interest', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    const oi = answer.list[0]!.openInterest;
    const [int, frac = ''] = oi.split('.');
    await expect(page.getByLabel('Open interest', { exact: true })).toHaveText(`${Number(int).toLocaleString('en-US')}.${frac.padEnd(3, '0')} BTC`);
  } finally {
    await setFlow(previous);
  }
});
