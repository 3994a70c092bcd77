import { useState } from 'react';
import { applyTheme, otherTheme, readTheme, saveTheme, type Theme } from '../theme';

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(() => readTheme(localStorage));
  const next = otherTheme(theme);
  return (
    <button
      type="button"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => {
        applyTheme(next);
        saveTheme(localStorage, next);
        setTheme(next);
      }}
      className="rounded border border-line px-2 py-1 text-sm hover:bg-raised"
    >
      {next === 'light' ? 'Light theme' : 'Dark theme'}
    </button>
  );
}
