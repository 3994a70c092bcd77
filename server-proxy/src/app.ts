import { createServer, type ServerOptions } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { endpoints, rolePermissions } from '@contract/catalog/endpoints';
import { OutcomeReconciler } from './audit/outcome-reconciler';
import type { AuditStore } from './audit/audit-store';
import { registerAuditRoute } from './routes/audit-route';
import { registerUserSettingsRoutes } from './routes/user-settings-routes';
import { UserSettingsStore } from './auth/user-settings-store';
import { installArchive } from './routes/install-archive';
import { installJobs, type JobOwnership } from './routes/install-jobs';
import { registerAuthRoutes } from './routes/auth-routes';
import { sessionOf } from './auth/authenticate';
import { LoginThrottle } from './auth/login-throttle';
import { OneTimeTokens } from './auth/one-time-tokens';
import { SessionStore } from './auth/session-store';
import type { UserStore } from './auth/user-store';
import { systemClock, type Clock } from '@contract/core/clock';
import type { ProxyConfig } from './core/config';
import type { DeskContext } from './routes/desk-context';
import { replyError, writeRawError } from './http/error-reply';
import { HostPolicy, unknownHostRefusal } from './policy/host-policy';
import { registerStaticWeb } from './routes/static-web';
import type { KeyStore } from './keys/key-store';
import { createLogger, loggableUrl } from './core/logger';
import { isStorageFailure, memoryStore, type DeskDb } from './core/storage/open-storage';
import { DeskMetrics } from './ops/desk-metrics';
import { registerOpsRoutes } from './routes/ops-routes';
import { requestIdOf } from './ops/request-id';
import { resolveAccount } from './policy/call-policy';
import { OriginPolicy } from './policy/origin-policy';
import { RateShaper, realTimers, type Timers } from './policy/rate-shaper';
import type { PgRateBudget } from './policy/shared-rate-budget';
import type { AttachWsRelay, AttachedRelay, WsRelayHooks } from './relay/ws-relay-hooks';
import { ApiRelay, isApiPath, registerApiRelay } from './routes/api-relay-route';
import { upstreamPathOf } from './upstream/upstream-path';
import { UpstreamClient } from './upstream/upstream-client';
import { messageOf } from './core/error-message';

export interface AppDeps {
  /** REST base URL of the exchange or the simulator, e.g. http://127.0.0.1:8090. */
  upstreamUrl: string;
  upstreamWs?: { wsPublic: string; wsPrivate: string };
  keyStore: KeyStore;
  auditStore: AuditStore;
  /** Team-mode users; without it only the one-time-token admin can sign in. */
  userStore?: UserStore;
  /** Where sessions persist across restarts (main.ts passes the users store: a SQLite file or
   *  the team's PostgreSQL); without it they live in an in-memory database and end with the process. */
  sessionDb?: DeskDb;
  /** The archive store (archive/: archive.sqlite or the team's PostgreSQL); without it the archive lives in memory and syncs only when asked. */
  archiveDb?: DeskDb;
  clock?: Clock;
  timers?: Timers;
  logger?: Logger;
  /** Built web app to serve (dist/web); null serves none. */
  webDir?: string | null;
  /** Where jobs persist (main.ts: the jobs store, jobs.sqlite or the team's PostgreSQL); without it, in memory. */
  jobDb?: DeskDb;
  /** Who runs jobs and archive exports here, when other proxies share the database (main.ts: host:pid on PostgreSQL). */
  jobOwnership?: JobOwnership;
  /** The WebSocket relay (relay/ws-*.ts), attached to the same HTTP server. */
  attachWsRelay?: AttachWsRelay;
  /** The rate budget shared with other proxies on one database (main.ts opens it from DESK_DATABASE_URL). */
  sharedBudget?: PgRateBudget;
}

export interface DeskApp {
  app: FastifyInstance;
  ctx: DeskContext;
  /** A single-use login URL path for the local admin, e.g. /auth/token?t=... */
  issueAdminLoginPath(): string;
  webBuilt: boolean;
}

/** The proxy as a Fastify instance, with every dependency injectable (tests use inject()). */
export async function buildApp(config: ProxyConfig, deps: AppDeps): Promise<DeskApp> {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? createLogger(config.logLevel);
  const origins = new OriginPolicy(config.allowedOrigins);
  const hosts = new HostPolicy(config.host, config.allowedOrigins, config.allowedHosts);
  if (config.port !== 0) origins.allowServer(config.host, config.port);
  // Sources read at scrape time; the shaper and the jobs exist once the context is built.
  let jobRows: () => Promise<Record<string, number>> = async () => ({});
  let relay: AttachedRelay | void = undefined;
  const metrics = new DeskMetrics({
    queueDepths: () => ctx.shaper.queueDepths(),
    jobRows: () => jobRows(),
    wsClients: () => (relay && relay.stats ? relay.stats().clients : {}),
    wsDropped: () => (relay && relay.stats ? relay.stats().dropped : {}),
  });
  // Sessions and each user's settings live in the users store.
  const usersDb = deps.sessionDb ?? (await memoryStore('users'));
  const ctx: Omit<DeskContext, 'reconciler'> = {
    config,
    clock,
    logger,
    keyStore: deps.keyStore,
    userStore: deps.userStore,
    auditStore: deps.auditStore,
    sessions: new SessionStore(clock, config.sessionTtlMs, usersDb, deps.userStore),
    loginTokens: new OneTimeTokens(clock, config.loginTokenTtlMs),
    loginThrottle: new LoginThrottle(clock),
    origins,
    shaper: new RateShaper(
      clock,
      config.rate,
      deps.timers ?? realTimers,
      deps.sharedBudget ? { budget: deps.sharedBudget, onError: (err) => logger.warn({ err: messageOf(err) }, 'shared rate budget: a slot release failed; it frees after its lease') } : undefined,
    ),
    upstream: new UpstreamClient(
      {
        baseUrl: deps.upstreamUrl,
        connections: config.upstream.connections,
        timeoutMs: config.upstream.timeoutMs,
        extraHeaders: config.upstream.extraHeaders,
        observe: (path, seconds) => metrics.upstreamLatency.observe(path, seconds),
      },
      clock,
    ),
  };

  const reconciler = new OutcomeReconciler({
    audit: deps.auditStore,
    upstream: ctx.upstream,
    keyStore: deps.keyStore,
    logger,
    paths: { unfilledOrders: upstreamPathOf(endpoints.unfilledOrders, ctx), historyOrders: upstreamPathOf(endpoints.historyOrders, ctx) },
  });
  const desk: DeskContext = { ...ctx, reconciler };
  const apiRelay = new ApiRelay(desk, { hosts, metrics });
  // Set when the app starts closing: from then on /api/* goes to Fastify too, which
  // answers 503 while it closes (return503OnClosing).
  let closing = false;

  const app = Fastify({
    // Fastify's own HTTP/1 server (lib/server.js), with one change: the /api/* relay is
    // served on bare node:http ahead of Fastify (routes/api-relay-route.ts, issue 23).
    serverFactory: (fastifyHandler, options) => {
      const server = createServer((options.http ?? {}) as ServerOptions, (req, res) => {
        if (!closing && isApiPath(req.url)) apiRelay.serve(req, res);
        else fastifyHandler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout as number;
      server.requestTimeout = options.requestTimeout as number;
      server.setTimeout(options.connectionTimeout as number);
      return server;
    },
    loggerInstance: logger as FastifyBaseLogger,
    // Per-request access logs would print URLs (one-time tokens) and cost throughput;
    // the routes log what matters (sign-ins, mutations, refusals, upstream failures).
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify would build a pino child per request (binding reqId, re-running redaction on
    // the bindings): measurable CPU on every relayed call for a logger no route uses; the
    // routes log through ctx.logger.
    childLoggerFactory: (parent) => parent,
    bodyLimit: config.bodyLimit,
    // A balancer's x-request-id when it is a plain token, else a random one (ops/request-id.ts).
    genReqId: requestIdOf,
    trustProxy: false,
    return503OnClosing: true,
    // On close, end every connection: an idle keep-alive socket (or one whose browser
    // vanished mid-request) must not hold shutdown open.
    forceCloseConnections: true,
    frameworkErrors: (error, request, reply) => {
      void replyError(request, reply, 'DESK400', { field: '(request)', detail: error.message.slice(0, 200) });
    },
    // Errors Node's HTTP parser finds before there is a request (a bad request line,
    // headers over the limit) answer in the desk's envelope too, not Fastify's own.
    clientErrorHandler: (err: Error & { code?: string }, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      if (err.code === 'HPE_HEADER_OVERFLOW') writeRawError(socket, 'DESK431', {}, clock.now());
      else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') writeRawError(socket, 'DESK408', {}, clock.now());
      else writeRawError(socket, 'DESK400', { field: '(request)', detail: 'malformed HTTP request' }, clock.now());
      socket.destroy();
    },
  });

  // Before anything else: a Host that is not one of the desk's names (DNS rebinding) gets nothing.
  app.addHook('onRequest', (request, reply, done) => {
    if (hosts.isAllowed(request.headers.host)) return done();
    ctx.logger.warn({ reqId: request.id, host: String(request.headers.host ?? '').slice(0, 100) }, 'request for an unknown host refused');
    void replyError(request, reply, 'DESK421', unknownHostRefusal(request.headers.host), clock.now());
  });

  // Every answer names its request, and is counted by route and status (/metrics).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // (/api/* calls are counted by the relay, by their catalog endpoint.)
  app.addHook('onResponse', (request, reply, done) => {
    metrics.countRequest(request.routeOptions.url ?? '(unmatched)', reply.statusCode);
    done();
  });

  // Bodies are kept as the exact text received: that text is what gets signed and sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: config.bodyLimit }, (_req, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return replyError(request, reply, 'DESK413', { detail: `${config.bodyLimit} bytes` }, clock.now());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return replyError(request, reply, 'DESK400', { field: '(request)', detail: error.message.slice(0, 200) }, clock.now());
    }
    if (isStorageFailure(error)) {
      logger.error({ err: error.message.slice(0, 200), url: loggableUrl(request.url) }, 'the desk database failed; request refused');
      return replyError(request, reply, 'DESK503S', { detail: error.message.slice(0, 120) }, clock.now());
    }
    logger.error({ err: { message: error.message, code: error.code }, url: loggableUrl(request.url) }, 'unexpected error');
    return replyError(request, reply, '45001', {}, clock.now());
  });

  registerOpsRoutes(app, desk, metrics, deps.sharedBudget);
  registerAuthRoutes(app, desk);
  registerAuditRoute(app, desk);
  registerUserSettingsRoutes(app, desk, new UserSettingsStore(usersDb));
  const archive = await installArchive(app, desk, { db: deps.archiveDb, ownership: deps.jobOwnership });
  const jobs = installJobs(app, desk, deps.jobDb ?? (await memoryStore('jobs')), deps.jobOwnership);
  jobRows = async () => {
    const total: Record<string, number> = {};
    for (const id of await jobs.store.runnable()) {
      const { total: _all, ...byState } = await jobs.store.counts(id);
      for (const [state, n] of Object.entries(byState)) total[state] = (total[state] ?? 0) + n;
    }
    return total;
  };
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  registerApiRelay(app, apiRelay);
  const { built } = await registerStaticWeb(app, desk, deps.webDir === undefined ? config.webDir : deps.webDir);
  // Rows a previous run left without an outcome (it stopped mid-call) are settled now.
  await reconciler.resumeAll();
  await jobs.resumeAll();
  await archive.resumeExports();

  if (deps.attachWsRelay) {
    const hooks: WsRelayHooks = {
      authenticateUpgrade: (req) => sessionOf(req.headers, ctx.sessions),
      accountFor: (session, name) => {
        const account = resolveAccount(session, name, ctx.keyStore);
        return 'code' in account ? undefined : account;
      },
      checkOrigin: (origin) => origins.isAllowed(origin),
      checkHost: (host) => hosts.isAllowed(host),
      // The cached verdict when it is recent (the relay's periodic watch), else the database's.
      recheckSession: (session, fresh) => {
        const cached = fresh ? undefined : ctx.sessions.cached(session.id);
        return cached ? { session: cached } : ctx.sessions.check(session.id, fresh);
      },
      reconcile: (target, why) => reconciler.settle(target, why),
      permissionsFor: (session) => rolePermissions[session.role],
      audit: ctx.auditStore,
      upstream: deps.upstreamWs ?? { wsPublic: '', wsPrivate: '' },
      logger,
      clock,
    };
    relay = deps.attachWsRelay(app.server, hooks);
  }

  const sweep = setInterval(() => {
    ctx.sessions.sweep().catch((err: unknown) => logger.warn({ err: messageOf(err) }, 'expired sessions not swept; the next sweep tries again'));
    ctx.loginThrottle.sweep();
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    reconciler.close();
    jobs.close();
    if (relay) await relay.close();
    await ctx.upstream.close();
    await deps.sharedBudget?.close();
  });

  return {
    app,
    ctx: desk,
    webBuilt: built,
    issueAdminLoginPath: () => {
      const token = ctx.loginTokens.issue({ user: 'admin', role: 'admin', accounts: ctx.keyStore.names(), localAdmin: true });
      return `/auth/token?t=${token}`;
    },
  };
}
