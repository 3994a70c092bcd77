// The trading screen's single-key shortcuts (issue 19, Keyboard). A key typed into a
// field is text, never a shortcut; with Ctrl, Alt or Meta it belongs to the browser.

export type TradeHotkey = 'buy' | 'sell' | 'help';

/** The documented shortcuts, for the help overlay ("?"). */
export const tradeHotkeyHelp: readonly (readonly [string, string])[] = [
  ['/', 'Choose a market; the order form’s first field has focus after'],
  ['B', 'Buy side'],
  ['S', 'Sell side'],
  ['Enter', 'Send the order (in the order form)'],
  ['Esc', 'Cancel the order confirmation, close a dialog'],
  ['↑ ↓ Home End', 'Move between book levels (the book is one tab stop)'],
  ['Enter on a level', 'Put its price in the order form'],
  ['?', 'Show or hide this help'],
];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const el = target as HTMLElement;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return type !== 'radio' && type !== 'checkbox' && type !== 'button' && type !== 'submit';
}

export function tradeHotkeyOf(e: KeyLike): TradeHotkey | null {
  if (e.ctrlKey || e.altKey || e.metaKey || isTyping(e.target)) return null;
  if (e.key === 'b' || e.key === 'B') return 'buy';
  if (e.key === 's' || e.key === 'S') return 'sell';
  if (e.key === '?') return 'help';
  return null;
}
