// Test support: signed requests against a simulator through Fastify inject, the way a
// real client sends them (raw query and raw body signed as sent).
import { signedHeaders } from '@contract/core/signing';
import type { Simulator } from '../api/simulator-parts';

export interface TestKey {
  apiKey: string;
  secret: string;
  passphrase: string;
}

export const keysOf = {
  main: { apiKey: 'demo-key', secret: 'demo-secret', passphrase: 'demo-pass' },
  sub: { apiKey: 'demo-sub-key', secret: 'demo-sub-secret', passphrase: 'demo-sub-pass' },
  other: { apiKey: 'demo-other-key', secret: 'demo-other-secret', passphrase: 'demo-other-pass' },
  broker: { apiKey: 'demo-broker-key', secret: 'demo-broker-secret', passphrase: 'demo-broker-pass' },
} satisfies Record<string, TestKey>;

export interface Answer<T = unknown> {
  status: number;
  code: string;
  msg: string;
  data: T;
}

export interface CallOptions {
  key?: TestKey;
  locale?: string;
  /** Overrides the timestamp header (ms as text). */
  timestamp?: string;
  headers?: Record<string, string>;
}

export async function call<T = unknown>(
  sim: Simulator,
  method: 'GET' | 'POST',
  path: string,
  params: unknown = undefined,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const key = opts.key ?? keysOf.main;
  let query = '';
  let body = '';
  if (method === 'GET' && params !== undefined) {
    query = new URLSearchParams(params as Record<string, string>).toString();
  } else if (method === 'POST') {
    body = JSON.stringify(params ?? {});
  }
  const timestamp = opts.timestamp ?? String(sim.clock.now());
  const headers = { ...signedHeaders(key, { timestamp, method, path, query, body }, opts.locale ?? 'en-US'), ...opts.headers };
  const res = await sim.app.inject({ method, url: query ? `${path}?${query}` : path, headers, ...(method === 'POST' ? { payload: body } : {}) });
  const json = res.json<{ code: string; msg: string; data: T }>();
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data };
}

/** A call that must succeed; returns its data. */
export async function ok<T = unknown>(sim: Simulator, method: 'GET' | 'POST', path: string, params?: unknown, opts?: CallOptions): Promise<T> {
  const a = await call<T>(sim, method, path, params, opts);
  if (a.code !== '00000') throw new Error(`${method} ${path} failed: ${a.code} ${a.msg}`);
  return a.data;
}
