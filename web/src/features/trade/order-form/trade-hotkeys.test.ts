import { describe, expect, it } from 'vitest';
import { tradeHotkeyOf } from './trade-hotkeys';

const key = (k: string, target: unknown = null, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, target: target as EventTarget | null, ...mods });

describe('trade hotkeys', () => {
  it('chooses the side with B and S and opens the help with ?', () => {
    expect(tradeHotkeyOf(key('b'))).toBe('buy');
    expect(tradeHotkeyOf(key('S'))).toBe('sell');
    expect(tradeHotkeyOf(key('?'))).toBe('help');
    expect(tradeHotkeyOf(key('x'))).toBeNull();
  });

  it('leaves keys typed into a field, and keys with a modifier, alone', () => {
    expect(tradeHotkeyOf(key('b', { tagName: 'INPUT', type: 'text' }))).toBeNull();
    expect(tradeHotkeyOf(key('s', { tagName: 'SELECT' }))).toBeNull();
    expect(tradeHotkeyOf(key('s', { tagName: 'INPUT', type: 'radio' }))).toBe('sell');
    expect(tradeHotkeyOf(key('b', null, { ctrlKey: true }))).toBeNull();
    expect(tradeHotkeyOf(key('s', null, { metaKey: true }))).toBeNull();
  });
});
