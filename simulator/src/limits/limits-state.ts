// The rate limiter and request log of one simulator, reachable by the admin routes.
import type { Simulator } from '../api/simulator-parts';
import type { RateLimitPolicy } from './rate-limit-policy';
import type { RequestLog } from './request-log';

export interface LimitsState {
  policy: RateLimitPolicy;
  log: RequestLog;
}

const states = new WeakMap<Simulator, LimitsState>();

export function attachLimitsState(sim: Simulator, state: LimitsState): void {
  states.set(sim, state);
}

export function limitsOf(sim: Simulator): LimitsState | undefined {
  return states.get(sim);
}
