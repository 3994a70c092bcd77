// An order's size in words, as every screen shows it (toasts, open orders, history): in the
// unit the exchange reports it. Shared, so the trading and history screens can never label
// one order differently. Its state and origin in words: order-words.ts.
import type { OrderRecord } from '@contract/schemas/orders';
import { divScaled, fromScaled, isDecimalString, toScaled } from '@contract/core/decimal';
import { formatDecimal } from './format-decimal';
import type { MarketFormat } from './market-format';

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
export function orderSizeText(o: SizedOrder, fmt?: MarketFormat): string {
  const coins = coinsOf(o, fmt);
  if (isQuoteSizedOrder(o)) {
    const amount = o.amount && /[1-9]/.test(o.amount) ? o.amount : o.qty;
    const scale = coins ? fmt?.coinScale(coins.quote) : undefined;
    return `${formatDecimal(amount, { scale, group: false, trim: true })} ${coins?.quote ?? ''}`.trimEnd();
  }
  return `${baseQty(o.qty, o, fmt)} ${coins?.base ?? ''}`.trimEnd();
}

/** What has filled, always in the base coin (`cumExecQty`, trade.md). */
export function filledText(o: Pick<OrderRecord, 'symbol' | 'category' | 'cumExecQty'>, fmt?: MarketFormat): string {
  return `${baseQty(o.cumExecQty, o, fmt)} ${coinsOf(o, fmt)?.base ?? ''}`.trimEnd();
}

/**
 * How much of the order has filled, as a share of its size ("37.5 %", rounded down, so an
 * order one lot short never reads 100 %); undefined when the two are in different coins (a
 * quote-sized market buy: its size is in USDT, its fills in BTC) or the size is zero.
 */
export function filledShareText(o: SizedOrder): string | undefined {
  if (isQuoteSizedOrder(o) || !isDecimalString(o.qty) || !isDecimalString(o.cumExecQty || '0')) return undefined;
  const scale = Math.max(decimalsOf(o.qty), decimalsOf(o.cumExecQty || '0'));
  const size = toScaled(o.qty, scale);
  if (size === 0n) return undefined;
  const perThousand = divScaled(toScaled(o.cumExecQty || '0', scale) * 1000n, scale, size, scale, 0, 'down');
  return `${fromScaled(perThousand, 1, { trim: true })} %`;
}

const decimalsOf = (d: string) => d.split('.')[1]?.length ?? 0;

/** The instrument's coins when the formatter knows it, else read from the symbol. */
function coinsOf(o: { symbol: string; category: string }, fmt: MarketFormat | undefined): { base: string; quote: string } | undefined {
  const meta = fmt?.meta(o);
  return meta ? { base: meta.baseCoin, quote: meta.quoteCoin } : coinsOfSymbol(o.symbol);
}

/** A base-coin quantity on the instrument's lot with a formatter, as sent without one. */
const baseQty = (qty: string, o: { symbol: string; category: string }, fmt: MarketFormat | undefined) => (fmt ? fmt.size(qty, o) : formatDecimal(qty, { group: false }));
