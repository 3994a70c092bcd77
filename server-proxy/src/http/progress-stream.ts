// A server-sent event stream of a runner's progress (a broker job's summary, a user's
// archive exports): the first event at once, then one after each change, at most one
// every `everyMs` so a fast job does not flood a slow browser, and a comment line every
// 15 s so proxies in between keep the connection open. The browser's EventSource
// reconnects by itself, and each (re)connection starts with the current state.
// A runner's events are this process's: with several proxies on one database the job may
// move on another one. So while the last event shows something still moving, the stream
// also looks again every RECHECK_MS, and sends only what changed.
import type { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { messageOf } from '../core/error-message';

const HEARTBEAT_MS = 15_000;
const RECHECK_MS = 2_000;

export interface ProgressStream<E> {
  /** The runner whose 'progress' events (with a job id) mean something may have changed. */
  runner: EventEmitter<{ progress: [jobId: number] }>;
  /** Whether a change of job `id` concerns this stream. */
  concerns(id: number): boolean;
  /** The event to send now (undefined: nothing to send). */
  snapshot(): Promise<E | undefined>;
  /** Whether an event shows something still moving (looked at again every few seconds, whoever moves it). */
  moving(event: E): boolean;
  everyMs: number;
  logger: Pick<Logger, 'warn'>;
  /** What the log says a failed push was about. */
  about: Record<string, unknown>;
}

export function streamProgress<E>(request: FastifyRequest, reply: FastifyReply, stream: ProgressStream<E>): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  let last = 0;
  let sent = '';
  let timer: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  const push = () => {
    timer = undefined;
    last = Date.now();
    clearTimeout(recheck);
    stream
      .snapshot()
      .then((event) => {
        if (event === undefined || res.destroyed || res.writableEnded) return;
        const text = JSON.stringify(event);
        if (text !== sent) res.write(`data: ${text}\n\n`);
        sent = text;
        if (stream.moving(event)) recheck = setTimeout(push, RECHECK_MS);
      })
      .catch((err: unknown) => stream.logger.warn({ ...stream.about, err: messageOf(err) }, 'progress not pushed; the next change tries again'));
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
    clearTimeout(timer);
    clearTimeout(recheck);
    stream.runner.off('progress', onProgress);
  });
}
