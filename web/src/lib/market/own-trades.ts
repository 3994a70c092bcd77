// Which public trades were the current account's own (issue 18: the tape marks them). A
// fill and the public trade it belongs to share the trade's link id (execLinkId on the
// fill, L on the publicTrade push); the recent fills come from REST, later ones from the
// private fill channel.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { endpoints } from '@contract/catalog/endpoints';
import { fillPushItem } from '@contract/schemas/orders';
import { endpointQueryOptions } from '@web/lib/api/endpoint-query';
import { parsePushItems } from '@web/lib/bad-input/bad-input-store';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { deskSockets } from '@web/lib/ws/desk-sockets';

/** The link id of a fill: the shared trade, however the dialect names it. */
export function tradeLinkOf(fill: { execLinkId?: string | undefined; tradeId?: string | undefined }): string | undefined {
  return fill.execLinkId || fill.tradeId || undefined;
}

export function useOwnTradeIds(meta: InstrumentMeta, enabled: boolean): ReadonlySet<string> {
  const account = useCurrentAccount();
  const live = enabled && account !== null;
  const recent = useQuery({ ...endpointQueryOptions(endpoints.fills, { category: meta.category.toUpperCase(), symbol: meta.symbol, limit: '100' }, account), enabled: live, staleTime: 60_000 });
  const [pushed, setPushed] = useState<{ account: string | null; ids: ReadonlySet<string> }>({ account, ids: new Set() });
  useEffect(() => {
    if (!live) return;
    return deskSockets().private.subscribe({ instType: 'UTA', topic: 'fill' }, (msg) => {
      const ids = parsePushItems('fill', fillPushItem, msg.data)
        .filter((f) => f.symbol === meta.symbol)
        .map(tradeLinkOf)
        .filter((id): id is string => id !== undefined);
      if (ids.length > 0) setPushed((prev) => ({ account, ids: new Set([...(prev.account === account ? prev.ids : []), ...ids]) }));
    });
  }, [live, account, meta.symbol]);
  return useMemo(() => {
    const ids = new Set(pushed.account === account ? pushed.ids : []);
    for (const f of recent.data?.list ?? []) {
      const id = tradeLinkOf(f);
      if (id) ids.add(id);
    }
    return ids;
  }, [recent.data, pushed, account]);
}
