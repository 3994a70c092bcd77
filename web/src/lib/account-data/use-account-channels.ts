// Keeps the account's cached data live while a screen that shows it is mounted (spec
// 6.2): the private order, account, position, fill and strategy-order channels, and the refetch after every
// reconnect. What each push does is in account-push-handlers.ts.
//
// One owner: however many components mount this (the shell for its toasts, the screen
// for its data), the account has one set of subscriptions and every push is applied once.
// Each mount adds only its reaction to order news. Two sets of handlers would each merge
// the same push, and only the first would see it as news.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { deskSockets } from '@web/lib/ws/desk-sockets';
import { accountPushHandlers, type AccountChannelOptions } from './account-push-handlers';

/** What one mount reacts to: order news (the shell's toasts) and strategy-order news (TP/SL fired). */
export type ChannelReactions = Pick<AccountChannelOptions, 'onOrderNews' | 'onStrategyNews'>;

interface LiveChannels {
  /** One entry per mount; a mount without reactions holds `null`. */
  readonly holders: Map<symbol, ChannelReactions | null>;
  readonly stop: () => void;
}

const live = new WeakMap<QueryClient, Map<string, LiveChannels>>();

/** Subscribes the account's channels on the first hold and stops them at the last release. */
export function holdAccountChannels(client: QueryClient, account: string, reactions: ChannelReactions | null, open: (holders: LiveChannels['holders']) => () => void): () => void {
  let byAccount = live.get(client);
  if (!byAccount) {
    byAccount = new Map();
    live.set(client, byAccount);
  }
  let entry = byAccount.get(account);
  if (!entry) {
    const holders: LiveChannels['holders'] = new Map();
    entry = { holders, stop: open(holders) };
    byAccount.set(account, entry);
  }
  const id = Symbol('holder');
  entry.holders.set(id, reactions);
  const held = entry;
  const accounts = byAccount;
  return () => {
    held.holders.delete(id);
    if (held.holders.size > 0) return;
    held.stop();
    accounts.delete(account);
  };
}

function openChannels(client: QueryClient, account: string, holders: LiveChannels['holders']): () => void {
  const socket = deskSockets().private;
  const on = accountPushHandlers(client, account, {
    onOrderNews: (items, ctx) => {
      for (const react of holders.values()) react?.onOrderNews?.(items, ctx);
    },
    onStrategyNews: (items) => {
      for (const react of holders.values()) react?.onStrategyNews?.(items);
    },
  });
  const offs = [
    socket.subscribe({ instType: 'UTA', topic: 'order' }, on.order),
    socket.subscribe({ instType: 'UTA', topic: 'account' }, on.account),
    socket.subscribe({ instType: 'UTA', topic: 'position' }, on.position),
    socket.subscribe({ instType: 'UTA', topic: 'fill' }, on.fill),
    // websocket.md: the strategy-order channel takes `symbol: default` (all symbols).
    socket.subscribe({ instType: 'UTA', topic: 'strategy-order', symbol: 'default' }, on.strategyOrder),
    socket.onReconnect(on.reconnect),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** `reactions`: keep it stable (a module-level object), or the channels are held again each render. */
export function useAccountChannels(reactions: ChannelReactions | null = null): void {
  const client = useQueryClient();
  const account = useCurrentAccount();

  useEffect(() => {
    if (!account) return;
    return holdAccountChannels(client, account, reactions, (holders) => openChannels(client, account, holders));
  }, [account, client, reactions]);
}
