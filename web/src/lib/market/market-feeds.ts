// The public market around the book (issue 18): the 24 h ticker and the recent public
// trades of one instrument, first from REST, then kept live from the `ticker` and
// `publicTrade` topics. Both live in the react-query cache (one owner: a push patches the
// cached answer), so every component showing them reads the same data.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpoints } from '@contract/catalog/endpoints';
import { publicTradePushItem, tickerPushItem, type PublicFillRow, type TickerRow } from '@contract/schemas/market';
import { depthInstTypeFor } from '@contract/schemas/ws-depth';
import { endpointQueryKey, endpointQueryOptions } from '@web/lib/api/endpoint-query';
import { parsePushItems } from '@web/lib/bad-input/bad-input-store';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { deskSockets } from '@web/lib/ws/desk-sockets';
import { perFrameBatch } from './per-frame-batch';

/** Trades the tape keeps: enough to scroll back a few minutes on a busy book. */
export const TAPE_LENGTH = 300;

const upper = (meta: InstrumentMeta) => meta.category.toUpperCase();
/** The topic arg of an instrument: margin pairs trade on the spot book. */
export const marketArg = (meta: InstrumentMeta, topic: string, extra: Record<string, string> = {}) => ({ instType: depthInstTypeFor(meta.category), topic, symbol: meta.symbol, ...extra });

const tickerParams = (meta: InstrumentMeta) => ({ category: upper(meta), symbol: meta.symbol });
const tradesParams = (meta: InstrumentMeta) => ({ category: upper(meta), symbol: meta.symbol, limit: '100' });
export const tickerKey = (meta: InstrumentMeta) => endpointQueryKey(endpoints.tickers, null, tickerParams(meta));
export const tradesKey = (meta: InstrumentMeta) => endpointQueryKey(endpoints.publicFills, null, tradesParams(meta));

/**
 * Merges the newest of a frame's ticker pushes into the cached REST answer (a push carries
 * the whole ticker but not category and symbol, so only the last one of a frame counts).
 */
export function applyTickerPushes(client: QueryClient, meta: InstrumentMeta, datas: unknown[]): void {
  const item = datas.flatMap((data) => parsePushItems('ticker', tickerPushItem, data)).at(-1);
  if (!item) return;
  client.setQueryData<TickerRow[]>(tickerKey(meta), (old) => {
    const base = old?.[0] ?? { category: meta.category, symbol: meta.symbol, ts: String(Date.now()) };
    return [{ ...base, ...item, ts: String(Date.now()) } as TickerRow];
  });
}

/** Puts a frame's pushed trades in front of the cached list, newest first, without duplicates, at most TAPE_LENGTH. */
export function applyTradePushes(client: QueryClient, meta: InstrumentMeta, datas: unknown[]): void {
  const pushed = datas.flatMap((data) => parsePushItems('publicTrade', publicTradePushItem, data));
  if (pushed.length === 0) return;
  // A pushed trade can repeat only a cached one at least as new as the oldest pushed (the
  // list is newest first), so only that head of the list is looked at, not all 300 rows.
  const oldestPushed = Math.min(...pushed.map((p) => Number(p.T)));
  client.setQueryData<PublicFillRow[]>(tradesKey(meta), (old) => {
    const seen = new Set<string>();
    for (const t of old ?? []) {
      if (Number(t.ts) < oldestPushed) break;
      seen.add(t.execId);
    }
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

type ApplyPushes = (client: QueryClient, meta: InstrumentMeta, datas: unknown[]) => void;

/**
 * Subscribes a public topic of the instrument while mounted, and applies its pushes once a
 * frame (per-frame-batch.ts). `keep` bounds the pushes waiting for a frame: every push holds
 * at least one item, so TAPE_LENGTH pushes hold at least the tape.
 */
function useMarketTopic(meta: InstrumentMeta, topic: string, apply: ApplyPushes, keep: number): void {
  const client = useQueryClient();
  useEffect(() => {
    const batch = perFrameBatch<unknown>((datas) => apply(client, meta, datas), keep);
    const off = deskSockets().public.subscribe(marketArg(meta, topic), (msg) => batch.push(msg.data));
    return () => {
      off();
      batch.cancel();
    };
  }, [client, meta, topic, apply, keep]);
}

// structuralSharing off: every write builds a new list anyway, and comparing 300 rows
// deeply on every frame is work with no result.
export function useTicker(meta: InstrumentMeta) {
  useMarketTopic(meta, 'ticker', applyTickerPushes, 1);
  return useQuery({ ...endpointQueryOptions(endpoints.tickers, tickerParams(meta), null), staleTime: Infinity, structuralSharing: false, select: (rows) => rows[0] });
}

export function usePublicTrades(meta: InstrumentMeta) {
  useMarketTopic(meta, 'publicTrade', applyTradePushes, TAPE_LENGTH);
  return useQuery({ ...endpointQueryOptions(endpoints.publicFills, tradesParams(meta), null), staleTime: Infinity, structuralSharing: false });
}
