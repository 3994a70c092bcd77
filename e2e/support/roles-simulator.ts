// The embedded simulator's loopback admin routes (simulator/README.md, "Driving the
// simulator"), for asserting what reached the exchange, at the address global-setup started.
import { readStackInfo } from '../stack-info';

export interface SimRequest {
  time: number;
  uid: number | string;
  endpoint: string;
  method: string;
  path: string;
  status: number;
  code: string;
}

export async function simRequestLog(filter: { uid?: string; endpoint?: string; since?: number }): Promise<SimRequest[]> {
  const q = new URLSearchParams();
  if (filter.uid) q.set('uid', filter.uid);
  if (filter.endpoint) q.set('endpoint', filter.endpoint);
  if (filter.since !== undefined) q.set('since', String(filter.since));
  const res = await fetch(`${readStackInfo().simURL}/__sim/request-log?${q}`);
  if (!res.ok) throw new Error(`request-log answered HTTP ${res.status}`);
  const body = (await res.json()) as SimRequest[] | { list: SimRequest[] };
  return Array.isArray(body) ? body : body.list;
}

/** The most requests that arrived within any window of `windowMs` ([t, t + windowMs)). */
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
