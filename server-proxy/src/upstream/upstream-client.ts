import { Pool, type Dispatcher } from 'undici';
import type { Clock } from '@contract/core/clock';
import type { AccountCredentials } from '../keys/account-credentials';

export interface UpstreamOptions {
  baseUrl: string;
  connections: number;
  timeoutMs: number;
  extraHeaders: Record<string, string>;
  /** Told each call's path and seconds from sending to the whole answer or the failure (/metrics). */
  observe?: ((path: string, seconds: number) => void) | undefined;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  /** Path on the upstream, without the query. */
  path: string;
  /** Raw query string as the browser sent it, without '?' ('' when none). */
  query: string;
  /** Raw body text as the browser sent it ('' for GET). */
  body: string;
  /** undefined for public endpoints: no ACCESS-* headers are sent. */
  account: AccountCredentials | undefined;
  locale: string;
}

export interface UpstreamResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/** The upstream did not answer; `reason` is safe to show (it never holds request data). */
export class UpstreamUnavailable extends Error {
  override name = 'UpstreamUnavailable';
  constructor(readonly reason: string) {
    super(reason);
  }
}

function reasonOf(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'timed out';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    default:
      return typeof code === 'string' ? code : 'request failed';
  }
}

/**
 * Gathers one whole answer for send(). A dispatch handler rather than pool.request():
 * the answer is small JSON relayed as one buffer, so request()'s per-call stream,
 * async-resource and promise chain were pure overhead on the proxy's hot path.
 */
class CollectResponse implements Dispatcher.DispatchHandler {
  #status = 0;
  #contentType = 'application/json';
  readonly #chunks: Buffer[] = [];

  constructor(
    private readonly resolve: (res: UpstreamResponse) => void,
    private readonly reject: (err: Error) => void,
  ) {}

  // undici takes a handler without onRequestStart for one of its older shape.
  onRequestStart(): void {}

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    this.#status = statusCode;
    const type = headers['content-type'];
    if (typeof type === 'string') this.#contentType = type;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    const chunks = this.#chunks;
    this.resolve({ status: this.#status, contentType: this.#contentType, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.reject(err);
  }
}

/**
 * Signs each call (spec 5, contract/signing.ts) over exactly the query and body bytes
 * it sends, and sends it through one keep-alive pool. Headers are built from scratch,
 * so nothing the browser sent (ACCESS-*, cookies) can reach the exchange.
 */
export class UpstreamClient {
  private readonly pool: Pool;
  private readonly prefix: string;

  constructor(
    private readonly options: UpstreamOptions,
    private readonly clock: Clock,
  ) {
    const url = new URL(options.baseUrl);
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.pool = new Pool(url.origin, {
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connectTimeout: Math.min(options.timeoutMs, 5_000),
    });
  }

  send(req: UpstreamRequest): Promise<UpstreamResponse> {
    const path = this.prefix + req.path;
    // One headers object, filled in place (this runs on every relayed call).
    const headers: Record<string, string> = Object.assign({}, this.options.extraHeaders);
    headers['content-type'] = 'application/json';
    headers.locale = req.locale;
    if (req.account) {
      const timestamp = String(this.clock.now());
      Object.assign(headers, req.account.restAuthHeaders({ timestamp, method: req.method, path, query: req.query, body: req.body }));
    }
    const observe = this.options.observe;
    if (observe) {
      const started = performance.now();
      const done = () => observe(req.path, (performance.now() - started) / 1000);
      return this.dispatch(req, path, headers).finally(done);
    }
    return this.dispatch(req, path, headers);
  }

  private dispatch(req: UpstreamRequest, path: string, headers: Record<string, string>): Promise<UpstreamResponse> {
    return new Promise<UpstreamResponse>((resolve, reject) => {
      this.pool.dispatch(
        { method: req.method, path: req.query ? `${path}?${req.query}` : path, headers, body: req.method === 'GET' ? null : req.body },
        new CollectResponse(resolve, (err) => reject(new UpstreamUnavailable(reasonOf(err)))),
      );
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
