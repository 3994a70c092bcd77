// How hard an idempotent call tries before it says "still unknown": the number of rounds,
// the time each call may take, and the pause between rounds (jittered, so a crowd of
// desks does not retry in step after an outage).
export interface RetryPolicy {
  /** Rounds of send-or-look-up before giving up with "unknown". */
  rounds: number;
  /** Each call is abandoned (and its outcome treated as unknown) after this long. */
  callTimeoutMs: number;
  /** Pause before round n (1-based); the first round starts at once. */
  pauseMs(round: number): number;
  sleep(ms: number): Promise<void>;
}

export const defaultRetryPolicy: RetryPolicy = {
  rounds: 8,
  callTimeoutMs: 8_000,
  pauseMs: (round) => Math.min(4_000, 250 * 2 ** Math.max(0, round - 1)) * (0.5 + Math.random() / 2),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Runs `call` with an AbortSignal that fires after the policy's call timeout. */
export async function withTimeout<T>(policy: RetryPolicy, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('the call took too long', 'TimeoutError')), policy.callTimeoutMs);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
