// Order notifications on every screen (issue 19): the shell mounts this once, so a fill
// is announced wherever the trader is, not only on the trading screen. It reacts only to
// news: order pushes lib/account-data merged and found new (a push sent twice is not), and
// strategy orders (TP/SL) that fired or failed. Each event may also sound (Settings).
import type { StrategyOrderRecord } from '@contract/schemas/strategy-orders';
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { playChime } from '@web/lib/dom/chime';
import { soundStore } from '@web/lib/preferences/notification-sounds';
import { orderToastText, strategyToastText, type ToastText } from './order-toast-text';
import { ToastStack } from './toast-stack';
import { toastStore } from './toast-store';

function notify(text: ToastText | null): void {
  if (!text) return;
  toastStore.getState().push(text);
  if (text.event && soundStore.getState().pref[text.event]) playChime(text.event);
}

// Module-level, so the channel hook never re-subscribes (use-account-channels.ts).
const channels = {
  onOrderNews: (items: readonly OrderPushItem[]) => items.forEach((o) => notify(orderToastText(o))),
  onStrategyNews: (items: readonly StrategyOrderRecord[]) => items.forEach((o) => notify(strategyToastText(o))),
};

export function OrderNotifications() {
  useAccountChannels(channels);
  return <ToastStack />;
}
