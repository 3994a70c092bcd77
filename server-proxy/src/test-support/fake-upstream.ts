import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Arrival time on the fake upstream's own clock (ms). */
  at: number;
}

export type Responder = (call: RecordedCall) => { status: number; body: unknown } | undefined;

/** A tiny exchange stand-in that records exactly what it receives. */
export class FakeUpstream {
  readonly calls: RecordedCall[] = [];
  private responder: Responder | undefined;
  private constructor(
    private readonly app: FastifyInstance,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeUpstream> {
    const app = Fastify({ logger: false });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const holder: { self?: FakeUpstream } = {};
    app.all('/*', async (request, reply) => {
      const call: RecordedCall = {
        method: request.method,
        url: request.url,
        headers: { ...request.headers },
        body: typeof request.body === 'string' ? request.body : '',
        at: performance.now(),
      };
      holder.self?.calls.push(call);
      // A stalled call gets no answer until release() (an exchange that stopped mid-call).
      if (holder.self?.stall?.(call)) await new Promise<void>((resolve) => holder.self?.stalled.push(resolve));
      const custom = holder.self?.responder?.(call);
      if (custom) return reply.code(custom.status).send(custom.body);
      let data: unknown = 'success';
      try {
        const parsed: unknown = call.body ? JSON.parse(call.body) : undefined;
        if (Array.isArray(parsed)) data = parsed.map((o: { clientOid?: string }, i) => ({ orderId: `9${i}`, clientOid: o.clientOid ?? '', code: '00000', msg: 'success' }));
        else if (parsed && typeof parsed === 'object' && 'symbol' in parsed) data = { orderId: '1234567', clientOid: (parsed as { clientOid?: string }).clientOid ?? '' };
      } catch {
        data = null;
      }
      return reply.code(200).send({ code: '00000', msg: 'success', requestTime: Date.now(), data });
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    holder.self = new FakeUpstream(app, address);
    return holder.self;
  }

  /** Calls it matches are held without an answer until release(). */
  stall: ((call: RecordedCall) => boolean) | undefined;
  readonly stalled: (() => void)[] = [];

  release(): void {
    for (const go of this.stalled.splice(0)) go();
  }

  respond(responder: Responder | undefined): void {
    this.responder = responder;
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

/** A URL on which nothing listens: a port we bound, then released. */
export async function deadUpstreamUrl(): Promise<string> {
  const app = Fastify();
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  await app.close();
  return url;
}
