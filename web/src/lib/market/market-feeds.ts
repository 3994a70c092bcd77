// The public market around the book (issue 18): the 24 h ticker and the recent public
// trades of one instrument, first from REST, then kept live from the `ticker` and
// `publicTrade` topics. Both live in the react-query cache (one owner: a push patches the
// cached answer), so every component showing them reads the same data.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpoints } from '@contract/endpoints';
import { publicTradePushItem, tickerPushItem, type PublicFillRow, type TickerRow } from '@contract/schemas/market';
import { depthInstTypeFor } from '@contract/schemas/ws-depth';
import { endpointQueryKey, endpointQueryOptions } from '@web/lib/api/endpoint-query';
import { parsePushItems } from '@web/lib/bad-input/bad-input-store';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { deskSockets } from '@web/lib/ws/desk-sockets';

/** Trades the tape keeps: enough to scroll back a few minutes on a busy book. */
export const TAPE_LENGTH = 300;

const upper = (meta: InstrumentMeta) => meta.category.toUpperCase();
/** The topic arg of an instrument: margin pairs trade on the spot book. */
export const marketArg = (meta: InstrumentMeta, topic: string, extra: Record<string, string> = {}) => ({ instType: depthInstTypeFor(meta.category), topic, symbol: meta.symbol, ...extra });

const tickerParams = (meta: InstrumentMeta) => ({ category: upper(meta), symbol: meta.symbol });
const tradesParams = (meta: InstrumentMeta) => ({ category: upper(meta), symbol: meta.symbol, limit: '100' });
export const tickerKey = (meta: InstrumentMeta) => endpointQueryKey(endpoints.tickers, null, tickerParams(meta));
export const tradesKey = (meta: InstrumentMeta) => endpointQueryKey(endpoints.publicFills, null, tradesParams(meta));

/** Merges ticker pushes into the cached REST answer (a push carries the whole ticker but not category and symbol). */
export function applyTickerPush(client: QueryClient, meta: InstrumentMeta, data: unknown): void {
  const [item] = parsePushItems('ticker', tickerPushItem, data);
  if (!item) return;
  client.setQueryData<TickerRow[]>(tickerKey(meta), (old) => {
    const base = old?.[0] ?? { category: meta.category, symbol: meta.symbol, ts: String(Date.now()) };
    return [{ ...base, ...item, ts: String(Date.now()) } as TickerRow];
  });
}

/** Puts pushed trades in front of the cached list, newest first, without duplicates, at most TAPE_LENGTH. */
export function applyTradePush(client: QueryClient, meta: InstrumentMeta, data: unknown): void {
  const pushed = parsePushItems('publicTrade', publicTradePushItem, data);
  if (pushed.length === 0) return;
  client.setQueryData<PublicFillRow[]>(tradesKey(meta), (old) => {
    const seen = new Set((old ?? []).map((t) => t.execId));
    const fresh: PublicFillRow[] = [];
    for (const p of pushed) {
      if (seen.has(p.i)) continue;
      seen.add(p.i);
      fresh.push({ execId: p.i, execLinkId: p.L ?? p.i, price: p.p, size: p.v, side: p.S, ts: p.T });
    }
    fresh.sort((a, b) => Number(b.ts) - Number(a.ts));
    return [...fresh, ...(old ?? [])].slice(0, TAPE_LENGTH);
  });
}

/** Subscribes a public topic of the instrument while mounted. */
function useMarketTopic(meta: InstrumentMeta, topic: string, apply: (client: QueryClient, meta: InstrumentMeta, data: unknown) => void): void {
  const client = useQueryClient();
  useEffect(() => {
    return deskSockets().public.subscribe(marketArg(meta, topic), (msg) => apply(client, meta, msg.data));
  }, [client, meta, topic, apply]);
}

export function useTicker(meta: InstrumentMeta) {
  useMarketTopic(meta, 'ticker', applyTickerPush);
  return useQuery({ ...endpointQueryOptions(endpoints.tickers, tickerParams(meta), null), staleTime: Infinity, select: (rows) => rows[0] });
}

export function usePublicTrades(meta: InstrumentMeta) {
  useMarketTopic(meta, 'publicTrade', applyTradePush);
  return useQuery({ ...endpointQueryOptions(endpoints.publicFills, tradesParams(meta), null), staleTime: Infinity });
}
