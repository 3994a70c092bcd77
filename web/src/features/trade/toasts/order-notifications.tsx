// Order notifications on every screen (issue 19): the shell mounts this once, so a fill
// is announced wherever the trader is, not only on the trading screen. It reacts only to
// order news: pushes lib/account-data merged and found new (a push sent twice is not).
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { orderToastText } from './order-toast-text';
import { ToastStack } from './toast-stack';
import { toastStore } from './toast-store';

function announce(items: readonly OrderPushItem[]): void {
  for (const item of items) {
    const text = orderToastText(item);
    if (text) toastStore.getState().push(text);
  }
}

// Module-level, so the channel hook never re-subscribes (use-account-channels.ts).
const channels = { onOrderNews: announce };

export function OrderNotifications() {
  useAccountChannels(channels);
  return <ToastStack />;
}
