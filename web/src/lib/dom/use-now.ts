// The wall clock as React state, for countdowns (the funding settlement, the dead-man's
// switch): it moves every `everyMs`, or stays put while `everyMs` is null, so a screen with
// nothing counting down does not render on a timer.
import { useEffect, useState } from 'react';

export function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    const tick = () => setNow(Date.now());
    // At once too: the clock may have stood still since mount, while nothing counted down.
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [everyMs]);
  return now;
}
