import { describe, expect, it } from 'vitest';
import { isPlainClick, matchRoute } from './router';

const routes = [{ path: '/trade' }, { path: '/orders' }, { path: '/order-history' }];

describe('matchRoute', () => {
  it('matches the exact path, with or without a trailing slash', () => {
    expect(matchRoute('/orders', routes)?.path).toBe('/orders');
    expect(matchRoute('/orders/', routes)?.path).toBe('/orders');
  });

  it('matches a nested path to its screen', () => {
    expect(matchRoute('/trade/BTCUSDT', routes)?.path).toBe('/trade');
  });

  it('does not confuse a path with another that merely starts the same', () => {
    expect(matchRoute('/order-history', routes)?.path).toBe('/order-history');
    expect(matchRoute('/ordersx', routes)).toBeUndefined();
  });

  it('matches nothing for an unknown path', () => {
    expect(matchRoute('/nowhere', routes)).toBeUndefined();
    expect(matchRoute('/', routes)).toBeUndefined();
  });
});

describe('isPlainClick', () => {
  const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  it('handles a plain left click in the page', () => {
    expect(isPlainClick(click)).toBe(true);
  });
  it('leaves modified and middle clicks to the browser (open in new tab)', () => {
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick({ ...click, defaultPrevented: true })).toBe(false);
  });
});
