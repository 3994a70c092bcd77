// Dark by default (traders stare at it all day); light on request, remembered per browser.
export const themes = ['dark', 'light'] as const;
export type Theme = (typeof themes)[number];

export const THEME_KEY = 'desk.theme';

interface ThemeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readTheme(storage: ThemeStorage | null | undefined): Theme {
  try {
    return storage?.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

export function saveTheme(storage: ThemeStorage | null | undefined, theme: Theme): void {
  try {
    storage?.setItem(THEME_KEY, theme);
  } catch {
    // Storage refused (private mode, quota): the theme still applies to this page.
  }
}

export function applyTheme(theme: Theme, root: { dataset: DOMStringMap } = document.documentElement): void {
  root.dataset.theme = theme;
}

export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}
