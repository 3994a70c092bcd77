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
 * Who is told the answer of relay(): one method each for the whole answer and for a call
 * that got none. An object rather than callbacks, so the relay's per-call state can take
 * the answer itself (no closure or promise per call on the proxy's hot path).
 */
export interface UpstreamSink {
  onAnswer(status: number, contentType: string, body: Buffer): void;
  /** `reason` is safe to show (UpstreamUnavailable). */
  onNoAnswer(reason: string): void;
}

/**
 * Gathers one whole answer for a sink. A dispatch handler rather than pool.request():
 * the answer is small JSON relayed as one buffer, so request()'s per-call stream,
 * async-resource and promise chain were pure overhead on the proxy's hot path. A
 * one-chunk answer (the usual case) is passed on as it came, without a copy.
 */
class CollectResponse implements Dispatcher.DispatchHandler {
  #status = 0;
  #contentType = 'application/json';
  #first: Buffer | undefined;
  #more: Buffer[] | undefined;

  constructor(
    private readonly sink: UpstreamSink,
    private readonly path: string,
    private readonly started: number,
    private readonly observe: UpstreamOptions['observe'],
  ) {}

  // undici takes a handler without onRequestStart for one of its older shape.
  onRequestStart(): void {}

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    this.#status = statusCode;
    const type = headers['content-type'];
    if (typeof type === 'string') this.#contentType = type;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#first === undefined) this.#first = chunk;
    else (this.#more ??= [this.#first]).push(chunk);
  }

  onResponseEnd(): void {
    const ended = this.observe ? performance.now() : 0;
    const body = this.#more ? Buffer.concat(this.#more) : (this.#first ?? EMPTY);
    this.sink.onAnswer(this.#status, this.#contentType, body);
    // Counted once the answer is on its way, timed to when it came.
    this.observe?.(this.path, (ended - this.started) / 1000);
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.noAnswer(err);
  }

  noAnswer(err: unknown): void {
    this.observe?.(this.path, (performance.now() - this.started) / 1000);
    this.sink.onNoAnswer(reasonOf(err));
  }
}

const EMPTY = Buffer.alloc(0);

/** A sink that settles a promise (send()). */
class PromiseSink implements UpstreamSink {
  constructor(
    private readonly resolve: (res: UpstreamResponse) => void,
    private readonly reject: (err: Error) => void,
  ) {}

  onAnswer(status: number, contentType: string, body: Buffer): void {
    this.resolve({ status, contentType, body });
  }

  onNoAnswer(reason: string): void {
    this.reject(new UpstreamUnavailable(reason));
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
    return new Promise<UpstreamResponse>((resolve, reject) => this.relay(req, new PromiseSink(resolve, reject)));
  }

  /** send() for a caller that takes the answer itself: the sink is told exactly once. */
  relay(req: UpstreamRequest, sink: UpstreamSink): void {
    const path = this.prefix + req.path;
    // One headers object, filled in place (this runs on every relayed call).
    const headers: Record<string, string> = Object.assign({}, this.options.extraHeaders);
    headers['content-type'] = 'application/json';
    headers.locale = req.locale;
    if (req.account) {
      const timestamp = String(this.clock.now());
      req.account.addRestAuthHeaders(headers, { timestamp, method: req.method, path, query: req.query, body: req.body });
    }
    const handler = new CollectResponse(sink, req.path, this.options.observe ? performance.now() : 0, this.options.observe);
    try {
      this.pool.dispatch({ method: req.method, path: req.query ? `${path}?${req.query}` : path, headers, body: req.method === 'GET' ? null : req.body }, handler);
    } catch (err) {
      // A request undici refuses outright (a closed pool, a header it will not send) never left.
      handler.noAnswer(err);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
