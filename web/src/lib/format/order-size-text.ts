// An order's size in words, as every screen shows it (toasts, open orders, history): in the
// unit the exchange reports it. Shared, so the trading and history screens can never label
// one order differently. Its state and origin in words: order-words.ts.
import type { OrderRecord } from '@contract/schemas/orders';
import { formatDecimal } from './format-decimal';

// The quote coins of the exchange's symbols, longest first so "USDC" is not read as "USD".
const quoteCoins = ['USDT', 'USDC', 'USDE', 'USD', 'EUR', 'BTC', 'ETH'];

/** BTCUSDT -> BTC and USDT; undefined for a symbol whose quote coin is not known here. */
export function coinsOfSymbol(symbol: string): { base: string; quote: string } | undefined {
  const quote = quoteCoins.find((q) => symbol.endsWith(q) && symbol.length > q.length);
  return quote ? { base: symbol.slice(0, -quote.length), quote } : undefined;
}

type SizedOrder = Pick<OrderRecord, 'symbol' | 'category' | 'side' | 'orderType' | 'qty' | 'amount' | 'cumExecQty'>;

/** True for a spot or margin market buy: the exchange sizes it in the quote coin (trade.md, place-order `qty`). */
export function isQuoteSizedOrder(o: Pick<OrderRecord, 'category' | 'side' | 'orderType'>): boolean {
  return o.orderType === 'market' && o.side === 'buy' && !o.category.includes('futures');
}

/**
 * The order's size in the unit the exchange reports it: "100 USDT" for a quote-sized market
 * buy (the live record's `amount`; the seed repeats it in `qty`), "0.010 BTC" otherwise.
 */
export function orderSizeText(o: SizedOrder): string {
  const coins = coinsOfSymbol(o.symbol);
  if (isQuoteSizedOrder(o)) {
    const amount = o.amount && /[1-9]/.test(o.amount) ? o.amount : o.qty;
    return `${formatDecimal(amount, { group: false, trim: true })} ${coins?.quote ?? ''}`.trimEnd();
  }
  return `${formatDecimal(o.qty, { group: false })} ${coins?.base ?? ''}`.trimEnd();
}

/** What has filled, always in the base coin (`cumExecQty`, trade.md). */
export function filledText(o: Pick<OrderRecord, 'symbol' | 'cumExecQty'>): string {
  return `${formatDecimal(o.cumExecQty, { group: false })} ${coinsOfSymbol(o.symbol)?.base ?? ''}`.trimEnd();
}
