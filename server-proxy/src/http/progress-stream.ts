// A server-sent event stream of a runner's progress (a broker job's summary, a user's
// archive exports): the first event at once, then one after each change, at most one
// every `everyMs` so a fast job does not flood a slow browser, and a comment line every
// 15 s so proxies in between keep the connection open. The browser's EventSource
// reconnects by itself, and each (re)connection starts with the current state.
import type { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

const HEARTBEAT_MS = 15_000;

export interface ProgressStream {
  /** The runner whose 'progress' events (with a job id) mean something may have changed. */
  runner: EventEmitter<{ progress: [jobId: number] }>;
  /** Whether a change of job `id` concerns this stream. */
  concerns(id: number): boolean;
  /** The event to send now (undefined: nothing to send). */
  snapshot(): Promise<unknown>;
  everyMs: number;
  logger: Pick<Logger, 'warn'>;
  /** What the log says a failed push was about. */
  about: Record<string, unknown>;
}

export function streamProgress(request: FastifyRequest, reply: FastifyReply, stream: ProgressStream): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const push = () => {
    timer = undefined;
    last = Date.now();
    stream
      .snapshot()
      .then((event) => {
        if (event !== undefined && !res.destroyed) res.write(`data: ${JSON.stringify(event)}\n\n`);
      })
      .catch((err: unknown) => stream.logger.warn({ ...stream.about, err: err instanceof Error ? err.message : String(err) }, 'progress not pushed; the next change tries again'));
  };
  const onProgress = (id: number) => {
    if (timer || !stream.concerns(id)) return;
    timer = setTimeout(push, Math.max(0, stream.everyMs - (Date.now() - last)));
  };
  const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  stream.runner.on('progress', onProgress);
  push();
  request.raw.on('close', () => {
    clearInterval(beat);
    if (timer) clearTimeout(timer);
    stream.runner.off('progress', onProgress);
  });
}
