import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { holdAccountChannels, type ChannelReactions } from './use-account-channels';

describe('holdAccountChannels (one set of subscriptions per account)', () => {
  it('opens on the first hold, shares it with later holds, and stops at the last release', () => {
    const client = new QueryClient();
    let opened = 0;
    let stopped = 0;
    const open = () => {
      opened += 1;
      return () => {
        stopped += 1;
      };
    };
    const releaseShell = holdAccountChannels(client, 'main', { onOrderNews: () => undefined }, open);
    const releaseScreen = holdAccountChannels(client, 'main', null, open);
    expect(opened).toBe(1);
    releaseShell();
    expect(stopped).toBe(0);
    releaseScreen();
    expect(stopped).toBe(1);
    holdAccountChannels(client, 'main', null, open)();
    expect([opened, stopped]).toEqual([2, 2]);
  });

  it('keeps accounts and query clients apart, and calls every holder’s reaction once per news', () => {
    const client = new QueryClient();
    const seen: string[] = [];
    let holders: Map<symbol, ChannelReactions | null> | undefined;
    const open = (h: typeof holders) => {
      holders = h;
      return () => undefined;
    };
    holdAccountChannels(client, 'main', { onOrderNews: () => void seen.push('shell'), onStrategyNews: () => void seen.push('shell TP/SL') }, open as never);
    holdAccountChannels(client, 'main', { onOrderNews: () => void seen.push('screen') }, open as never);
    let otherOpens = 0;
    holdAccountChannels(client, 'sub', null, () => ((otherOpens += 1), () => undefined));
    holdAccountChannels(new QueryClient(), 'main', null, () => ((otherOpens += 1), () => undefined));
    for (const react of holders?.values() ?? []) react?.onOrderNews?.([], undefined as never);
    for (const react of holders?.values() ?? []) react?.onStrategyNews?.([]);
    expect(seen).toEqual(['shell', 'screen', 'shell TP/SL']);
    expect(otherOpens).toBe(2);
  });
});
