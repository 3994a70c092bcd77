// Order notifications on every screen (issue 19): the shell mounts this once, so a fill
// is announced wherever the trader is, not only on the trading screen. It reacts only to
// news: order pushes lib/account-data merged and found new (a push sent twice is not), and
// strategy orders (TP/SL) that fired or failed. Each event may also sound (Settings).
import type { StrategyOrderRecord } from '@contract/schemas/strategy-orders';
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { useEffect, useMemo, useRef } from 'react';
import { playChime } from '@web/lib/dom/chime';
import { useMarketFormat } from '@web/lib/format/market-format';
import { soundStore } from '@web/lib/preferences/notification-sounds';
import { orderToastText, strategyToastText, type ToastText } from './order-toast-text';
import { ToastStack } from './toast-stack';
import { toastStore } from './toast-store';

function notify(text: ToastText | null): void {
  if (!text) return;
  toastStore.getState().push(text);
  if (text.event && soundStore.getState().pref[text.event]) playChime(text.event);
}

export function OrderNotifications() {
  // The formatter changes when the instruments arrive; the handlers read the latest one
  // through a ref, so they stay one object and the channel hook never re-subscribes
  // (use-account-channels.ts).
  const fmt = useMarketFormat();
  const fmtRef = useRef(fmt);
  useEffect(() => {
    fmtRef.current = fmt;
  }, [fmt]);
  const channels = useMemo(
    () => ({
      onOrderNews: (items: readonly OrderPushItem[]) => items.forEach((o) => notify(orderToastText(o, fmtRef.current))),
      onStrategyNews: (items: readonly StrategyOrderRecord[]) => items.forEach((o) => notify(strategyToastText(o, fmtRef.current))),
    }),
    [],
  );
  useAccountChannels(channels);
  return <ToastStack />;
}
