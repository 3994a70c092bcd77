// The book as one tab stop (issue 19, Keyboard): its level buttons are out of the tab
// order (ladder-side-view.ts), the ladder itself takes focus, and the arrow keys move
// between levels top to bottom as they are seen (asks highest first, then bids). Enter
// or Space on a level picks its price, as a click does.

/** The visible level buttons of the ladder in screen order, top to bottom. */
export function levelButtons(ladder: HTMLElement): HTMLButtonElement[] {
  const buttons = [...ladder.querySelectorAll<HTMLButtonElement>('li:not([aria-hidden="true"]) > button')];
  return buttons.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
}

/** The index focus moves to for `key` from `current` (-1: the ladder itself), or null for a key the ladder ignores. */
export function nextLevelIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return current < 0 ? count - 1 : Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function onLadderKeyDown(e: { key: string; currentTarget: HTMLElement; target: EventTarget | null; preventDefault(): void }): void {
  const buttons = levelButtons(e.currentTarget);
  const next = nextLevelIndex(e.key, buttons.indexOf(e.target as HTMLButtonElement), buttons.length);
  if (next === null) return;
  e.preventDefault();
  buttons[next]?.focus();
}
