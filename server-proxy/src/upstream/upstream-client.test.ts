import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signRest } from '@contract/core/signing';
import { AccountCredentials } from '../keys/account-credentials';
import { deadUpstreamUrl } from '../test-support/fake-upstream';
import { UpstreamClient, UpstreamUnavailable, type UpstreamRequest } from './upstream-client';

const account = new AccountCredentials({ name: 'main', uid: '1000001', apiKey: 'k-1', secret: 's-1', passphrase: 'p-1' });
const clock = { now: () => 1_700_000_000_000 };
const servers: Server[] = [];
const clients: UpstreamClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A node:http upstream that records each request and answers with `answer`. */
async function upstreamAnswering(answer: (res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function client(baseUrl: string, timeoutMs = 10_000, extraHeaders: Record<string, string> = {}): UpstreamClient {
  const c = new UpstreamClient({ baseUrl, connections: 2, timeoutMs, extraHeaders }, clock);
  clients.push(c);
  return c;
}

const getSettings: UpstreamRequest = { method: 'GET', path: '/api/v3/account/settings', query: '', body: '', account, locale: 'en-US' };

describe('UpstreamClient', () => {
  it('relays the status, content type and exact bytes of an answer that arrives in many chunks', async () => {
    const big = Buffer.from(`{"code":"00000","data":"${'é'.repeat(150_000)}"}`);
    const { url } = await upstreamAnswering((res) => {
      res.writeHead(207, { 'content-type': 'application/json; charset=utf-8' });
      // Written in pieces, some splitting a two-byte character, so the body is reassembled from chunks.
      for (let i = 0; i < big.length; i += 7_001) res.write(big.subarray(i, i + 7_001));
      res.end();
    });
    const got = await client(url).send(getSettings);
    expect(got.status).toBe(207);
    expect(got.contentType).toBe('application/json; charset=utf-8');
    expect(got.body.equals(big)).toBe(true);
  });

  it('relays an empty answer as an empty body, and defaults the content type to JSON when none is given', async () => {
    const { url } = await upstreamAnswering((res) => {
      res.writeHead(204);
      res.end();
    });
    const got = await client(url).send(getSettings);
    expect(got).toMatchObject({ status: 204, contentType: 'application/json' });
    expect(got.body.length).toBe(0);
  });

  it('signs over exactly the path, query and body it sends, with the configured extra headers and the locale', async () => {
    const { url, seen } = await upstreamAnswering((res) => res.end('{}'));
    const c = client(`${url}/prefix/`, 10_000, { paptrading: '1' });
    await c.send({ ...getSettings, query: 'symbol=BTCUSDT&limit=5', locale: 'zh-CN' });
    const body = '{"symbol":"BTCUSDT"}';
    await c.send({ method: 'POST', path: '/api/v3/trade/place-order', query: '', body, account, locale: 'en-US' });

    const [get, post] = seen;
    expect(get).toMatchObject({ method: 'GET', url: '/prefix/api/v3/account/settings?symbol=BTCUSDT&limit=5', body: '' });
    expect(get!.headers).toMatchObject({ 'access-key': 'k-1', 'access-passphrase': 'p-1', 'access-timestamp': '1700000000000', locale: 'zh-CN', paptrading: '1', 'content-type': 'application/json' });
    expect(get!.headers['access-sign']).toBe(signRest({ secret: 's-1', timestamp: '1700000000000', method: 'GET', path: '/prefix/api/v3/account/settings', query: 'symbol=BTCUSDT&limit=5' }));
    expect(post).toMatchObject({ method: 'POST', url: '/prefix/api/v3/trade/place-order', body });
    expect(post!.headers['access-sign']).toBe(signRest({ secret: 's-1', timestamp: '1700000000000', method: 'POST', path: '/prefix/api/v3/trade/place-order', body }));
  });

  it('sends no ACCESS-* header for a public call', async () => {
    const { url, seen } = await upstreamAnswering((res) => res.end('{}'));
    await client(url).send({ ...getSettings, path: '/api/v3/market/instruments', account: undefined });
    expect(Object.keys(seen[0]!.headers).filter((h) => h.startsWith('access-'))).toEqual([]);
  });

  it('fails with "connection refused" when nothing listens', async () => {
    const err = await client(await deadUpstreamUrl())
      .send(getSettings)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamUnavailable);
    expect((err as UpstreamUnavailable).reason).toBe('connection refused');
  });

  it('fails with "timed out" when the upstream never answers', async () => {
    const { url } = await upstreamAnswering(() => {
      // never answers
    });
    const err = await client(url, 300)
      .send(getSettings)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamUnavailable);
    expect((err as UpstreamUnavailable).reason).toBe('timed out');
  });

  it('fails with "connection reset" when the upstream drops the connection mid-answer', async () => {
    const { url } = await upstreamAnswering((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"code":');
      res.socket?.destroy();
    });
    const err = await client(url)
      .send(getSettings)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamUnavailable);
    expect((err as UpstreamUnavailable).reason).toBe('connection reset');
  });
});
