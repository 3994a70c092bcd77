// Operations endpoints (issue 22 item 4), for a load balancer and a Prometheus:
// - GET /healthz: the process is up and serving (no dependency is checked);
// - GET /readyz: its database answers and the exchange (or simulator) is reachable, with
//   the reason when not; 503 tells a balancer to send traffic elsewhere;
// - GET /metrics: Prometheus text. Loopback callers only, unless a token is configured
//   (DESK_METRICS_TOKEN), which other hosts send as a bearer token.
// None of them needs a desk session, and none says anything about keys or users.
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { endpoints } from '@contract/catalog/endpoints';
import type { DeskContext } from './desk-context';
import { upstreamPathOf } from '../upstream/upstream-path';
import type { PgRateBudget } from '../policy/shared-rate-budget';
import type { DeskMetrics } from '../ops/desk-metrics';
import { briefMessageOf } from '../core/error-message';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** A readiness answer is reused this long, so a busy balancer does not load the exchange. */
const READY_CACHE_MS = 2_000;

export interface Readiness {
  ready: boolean;
  checks: { database: string; upstream: string };
}

export function registerOpsRoutes(app: FastifyInstance, ctx: DeskContext, metrics: DeskMetrics, sharedBudget?: Pick<PgRateBudget, 'ping'>): void {
  const started = ctx.clock.now();

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok', uptimeSeconds: Math.floor((ctx.clock.now() - started) / 1000) }));

  let cached: { at: number; answer: Readiness } | null = null;
  const readiness = async (): Promise<Readiness> => {
    const now = ctx.clock.now();
    if (cached && now - cached.at < READY_CACHE_MS) return cached.answer;
    let database = 'ok';
    try {
      await ctx.auditStore.ping();
      await sharedBudget?.ping();
    } catch (err) {
      database = `a database does not answer: ${briefMessageOf(err)}`;
    }
    let upstream = 'ok';
    try {
      const res = await ctx.upstream.send({ method: 'GET', path: upstreamPathOf(endpoints.instruments, ctx), query: 'category=SPOT', body: '', locale: 'en-US', account: undefined });
      if (res.status !== 200) upstream = `the exchange answered HTTP ${res.status}`;
    } catch (err) {
      upstream = `the exchange is unreachable: ${briefMessageOf(err)}`;
    }
    const answer = { ready: database === 'ok' && upstream === 'ok', checks: { database, upstream } };
    cached = { at: now, answer };
    return answer;
  };

  app.get('/readyz', async (_req, reply) => {
    const r = await readiness();
    return reply.code(r.ready ? 200 : 503).header('cache-control', 'no-store').send(r);
  });

  app.get('/metrics', async (req, reply) => {
    if (!metricsAllowed(req.ip, req.headers.authorization, ctx.config.metricsToken)) {
      return reply.code(403).send({ error: 'metrics are served to loopback callers, or to callers sending the configured DESK_METRICS_TOKEN as a bearer token' });
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.text());
  });
}

export function metricsAllowed(ip: string, authorization: string | undefined, token: string | undefined): boolean {
  if (LOOPBACK.has(ip)) return true;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const sent = Buffer.from(authorization.slice('Bearer '.length));
  const want = Buffer.from(token);
  return sent.length === want.length && timingSafeEqual(sent, want);
}
