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

export { mostInAnyWindow } from '../../server-proxy/src/test-support/most-in-any-window';
