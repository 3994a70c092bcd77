import { useEffect, useRef, type RefObject } from 'react';

/**
 * Listens for keys on an element that is not itself a control: a dialog's Esc, a
 * composite widget's arrows. The listener is attached natively: a JSX key handler on a
 * dialog or a group would read to assistive technology as a control of its own.
 */
export function useKeyDown(target: RefObject<HTMLElement | null>, onKeyDown: (e: KeyboardEvent) => void, active = true): void {
  const handler = useRef(onKeyDown);
  useEffect(() => {
    handler.current = onKeyDown;
  });
  useEffect(() => {
    const el = target.current;
    if (!el || !active) return;
    const listener = (e: KeyboardEvent) => handler.current(e);
    el.addEventListener('keydown', listener);
    return () => el.removeEventListener('keydown', listener);
  }, [target, active]);
}
