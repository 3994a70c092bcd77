// Runs `run` at most once per `ms`, and always once more after the last request, so the
// final state is never left undrawn. For widgets that redraw a whole canvas from the book
// stream (price and depth charts): 60 full redraws a second cost the main thread and the
// rasterizer more than the eye gains over 10 to 15.
export interface TrailingThrottle {
  /** Something changed: run now if the last run is `ms` old, else once when it is. */
  request(): void;
  /** Run now (and count it as the last run). */
  flush(): void;
  cancel(): void;
}

export function trailingThrottle(
  ms: number,
  run: () => void,
  now: () => number = () => performance.now(),
  setTimer: (cb: () => void, ms: number) => unknown = (cb, t) => setTimeout(cb, t),
  clearTimer: (h: unknown) => void = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
): TrailingThrottle {
  let last = -Infinity;
  let timer: unknown = null;
  const fire = () => {
    timer = null;
    last = now();
    run();
  };
  return {
    request() {
      if (timer !== null) return;
      const wait = last + ms - now();
      if (wait <= 0) fire();
      else timer = setTimer(fire, wait);
    },
    flush() {
      if (timer !== null) clearTimer(timer);
      fire();
    },
    cancel() {
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
