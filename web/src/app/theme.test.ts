import { describe, expect, it } from 'vitest';
import { applyTheme, otherTheme, readTheme, saveTheme, THEME_KEY } from './theme';

const storage = (data: Record<string, string> = {}) => ({ data, getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v) });

describe('theme', () => {
  it('defaults to dark when nothing was saved or storage is unavailable', () => {
    expect(readTheme(storage())).toBe('dark');
    expect(readTheme(null)).toBe('dark');
    expect(readTheme({ getItem: () => { throw new Error('denied'); }, setItem: () => {} })).toBe('dark');
  });

  it('ignores an unknown saved value', () => {
    expect(readTheme(storage({ [THEME_KEY]: 'purple' }))).toBe('dark');
  });

  it('reads back the theme it saved', () => {
    const s = storage();
    saveTheme(s, 'light');
    expect(readTheme(s)).toBe('light');
  });

  it('marks the root element for the CSS and toggles between the two themes', () => {
    const root = { dataset: {} as DOMStringMap };
    applyTheme('light', root);
    expect(root.dataset.theme).toBe('light');
    expect(otherTheme('light')).toBe('dark');
    expect(otherTheme('dark')).toBe('light');
  });
});
