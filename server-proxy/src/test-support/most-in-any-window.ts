// How the exchange's limits are checked in tests and benchmarks: the most calls that
// arrived within any window [t, t + windowMs), on the receiver's clock. One definition, so
// the unit tests, the browser journeys and bench/broker-job hold the shaper to one rule.

/** The most of `times` (ms) inside any half-open window of `windowMs`. */
export function mostInAnyWindow(times: readonly number[], windowMs = 1000): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < t.length; hi++) {
    while ((t[hi] ?? 0) - (t[lo] ?? 0) >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}
