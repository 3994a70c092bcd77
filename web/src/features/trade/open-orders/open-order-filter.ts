// Which open orders the panel under the chart lists and counts (issue 19): every open
// order of the account, of every type and market, or only those of the market on screen.
import type { OrderRecord } from '@contract/schemas/orders';
import { isOpenState } from '@contract/schemas/common';

export interface MarketKey {
  category: string;
  symbol: string;
}

export function isOfMarket(o: Pick<OrderRecord, 'category' | 'symbol'>, market: MarketKey): boolean {
  return o.symbol === market.symbol && o.category === market.category;
}

/** The open orders (live, new, partially filled) of the list, all of them or those of one market. */
export function openOrdersOf(list: readonly OrderRecord[], market: MarketKey | null): OrderRecord[] {
  return list.filter((o) => isOpenState(o.state) && (market === null || isOfMarket(o, market)));
}

/** The true counts for the tab: every open order, and those of the market on screen. */
export function openOrderCounts(list: readonly OrderRecord[], market: MarketKey): { all: number; market: number } {
  const open = openOrdersOf(list, null);
  return { all: open.length, market: open.filter((o) => isOfMarket(o, market)).length };
}
