// Reconnect delays: exponential growth so a dead proxy is not hammered, "equal
// jitter" so a fleet of tabs does not reconnect in lockstep after a proxy restart,
// and a cap (~10 s) so a laptop waking from sleep is back within seconds.
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 500, capMs: 10_000 };

/**
 * Delay before reconnect attempt number `attempt` (0 = first retry).
 * Lies in [ceiling/2, ceiling], where ceiling = min(cap, base * 2^attempt).
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, policy: BackoffPolicy = defaultBackoff): number {
  const safeAttempt = Math.max(0, Math.min(attempt, 30));
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** safeAttempt);
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}
