// The chaos test's view of the truth (issue 9): the simulator's loopback admin routes for
// faults and market flow, signed REST straight to the simulator (not through the proxy,
// so nothing the desk does can colour it), and the true book from a plain WebSocket.
import WebSocket from 'ws';
import { signedHeaders } from '../../contract/core/signing';
import { readStackInfo } from '../stack-info';

/** The simulator global-setup started (its stack info); CHAOS_SIM_URL points elsewhere. */
export function simUrl(): string {
  return process.env.CHAOS_SIM_URL ?? readStackInfo().simURL;
}
const mainKey = { apiKey: 'demo-key', secret: 'demo-secret', passphrase: 'demo-pass' };

export interface FaultsView {
  settings: Record<string, unknown>;
  injected: Record<string, number>;
  total: number;
  recovered: number;
  outstanding: number;
}

async function admin<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(simUrl() + path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export const setFaults = (patch: Record<string, unknown>) => admin<FaultsView>('POST', '/__sim/faults', patch);
export const readFaults = () => admin<FaultsView>('GET', '/__sim/faults');
export const dropConnections = () => admin<{ dropped: number }>('POST', '/__sim/faults/drop-connections');
/** Sets the synthetic market's steps a second (0 quiets it); answers the rate it had before. */
export const setFlow = (rate: number) => admin<{ rate: number; previous: number }>('POST', '/__sim/flow', { rate });

/** A signed GET to the simulator as the main account (UID 1000001); returns `data`. */
export async function simGet<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const q = new URLSearchParams(query).toString();
  const headers = signedHeaders(mainKey, { timestamp: String(Date.now()), method: 'GET', path, query: q, body: '' });
  const res = await fetch(`${simUrl()}${path}${q ? `?${q}` : ''}`, { headers });
  const env = (await res.json()) as { code: string; msg: string; data: T };
  if (env.code !== '00000') throw new Error(`GET ${path} answered ${env.code} ${env.msg}`);
  return env.data;
}

export interface SimOrder {
  orderId: string;
  clientOid: string;
  side: string;
  price: string;
  qty: string;
  state?: string;
  orderStatus?: string;
  category: string;
  symbol: string;
}

/** Every order of the account, open and finished (cursor pages of spec 4.6). */
export async function allOrders(path: '/api/v3/trade/unfilled-orders' | '/api/v3/trade/history-orders'): Promise<SimOrder[]> {
  const out: SimOrder[] = [];
  let cursor = '';
  for (let i = 0; i < 50; i++) {
    const page = await simGet<{ list: SimOrder[]; cursor: string }>(path, { limit: '100', ...(cursor ? { cursor } : {}) });
    out.push(...page.list);
    if (page.list.length < 100 || !page.cursor || page.cursor === cursor) break;
    cursor = page.cursor;
  }
  return out;
}

export type Level = [string, string];

/** The true top `depth` levels of a book, from a books15 snapshot on a fresh connection. */
export function trueBook(symbol: string, instType = 'SPOT', depth = 15): Promise<{ bids: Level[]; asks: Level[] }> {
  const ws = new WebSocket(simUrl().replace(/^http/, 'ws') + '/v3/ws/public');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no books15 snapshot from the simulator'));
    }, 15_000);
    ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', args: [{ instType, topic: 'books15', symbol }] })));
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as { data?: { a: Level[]; b: Level[] }[] };
      const book = msg.data?.[0];
      if (!book) return;
      clearTimeout(timer);
      ws.close();
      resolve({ bids: book.b.slice(0, depth), asks: book.a.slice(0, depth) });
    });
    ws.on('error', reject);
  });
}
