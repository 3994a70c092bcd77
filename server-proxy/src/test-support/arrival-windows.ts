// What rate tests assert about arrivals at the exchange: the most in any window.

/** The most arrivals (Unix ms) in any window of `ms`. */
export function busiest(arrivals: readonly number[], ms: number): number {
  const t = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i]! - t[j]! >= ms) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
