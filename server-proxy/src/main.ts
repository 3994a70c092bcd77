// `npm start` (embedded simulator) and `npm run proxy` (a configured upstream).
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { AuditStore } from './audit/audit-store';
import { UserStore } from './auth/user-store';
import { ConfigError, isLoopbackHost, loadConfig } from './core/config';
import { KeyFileError } from './keys/key-file';
import { KeySourceError, KeyStore, simulatorAccounts, upstreamAccounts } from './keys/key-store';
import { createLogger } from './core/logger';
import { openStorage, StorageError } from './core/storage/open-storage';
import { PgRateBudget } from './policy/shared-rate-budget';
import type { AttachWsRelay } from './relay/ws-relay-hooks';
import { SimulatorStartError, SimulatorSupervisor } from './simulator-child';
import { messageOf } from './core/error-message';
import { fromRepoRoot, repoRoot } from './core/repo-path';


/** The WebSocket relay lives in relay/ws-relay.ts (another module); attach it when present. */
async function loadWsRelay(): Promise<AttachWsRelay | undefined> {
  const file = join(dirname(fileURLToPath(import.meta.url)), 'relay', 'ws-relay.ts');
  if (!existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as { attachWsRelay?: AttachWsRelay };
  return mod.attachWsRelay;
}

function fail(message: string): never {
  process.stderr.write(`desk: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  const logger = createLogger(config.logLevel, pino.destination(2));
  if (!isLoopbackHost(config.host)) {
    process.stderr.write(`WARNING: HOST=${config.host}: the desk is reachable from other machines. Anyone who reaches it and gets a session can trade with your keys.\n`);
  }

  let simulator: SimulatorSupervisor | undefined;
  let upstreamUrl = config.upstream.rest;
  let upstreamWs = { wsPublic: config.upstream.wsPublic ?? '', wsPrivate: config.upstream.wsPrivate ?? '' };
  let keyStore: KeyStore;
  let runtimeConfig = config;
  if (upstreamUrl) {
    keyStore = new KeyStore(upstreamAccounts(process.env, config.keyFile ? fromRepoRoot(config.keyFile) : undefined));
  } else {
    // A simulator crash is not the proxy's end: it is restarted with backoff while the
    // proxy answers 502 for what needs it (simulator-child.ts, SimulatorSupervisor).
    simulator = new SimulatorSupervisor({ repoRoot, port: config.simPort, env: process.env, log: (level, obj, msg) => logger[level](obj, msg) });
    await simulator.start();
    const sim = simulator;
    process.on('exit', () => sim.stop());
    upstreamUrl = simulator.restUrl;
    const wsBase = upstreamUrl.replace(/^http/, 'ws');
    upstreamWs = { wsPublic: `${wsBase}/v3/ws/public`, wsPrivate: `${wsBase}/v3/ws/private` };
    keyStore = new KeyStore(simulatorAccounts(process.env));
    // The simulator serves the spec's paths (upstream-facts.md "What follows for us"), but in
    // its live dialect (SIM_DIALECT=live) only the live API's, as the live exchange would; its
    // v3 budget is 1000/s per UID (simulator README): 100/s per v3 group stays inside it.
    const liveDialect = process.env.SIM_DIALECT?.trim().toLowerCase() === 'live';
    runtimeConfig = {
      ...config,
      upstream: { ...config.upstream, specPaths: !liveDialect },
      rate: { ...config.rate, undocumentedPerSecond: config.rate.undocumentedPerSecond ?? 100 },
    };
  }
  if (config.dev) {
    // npm run dev: the browser uses Vite (5173), which proxies /api, /auth, /ws here; the
    // session cookie is per host, not per port, so it reaches both.
    runtimeConfig = {
      ...runtimeConfig,
      loginRedirect: 'http://127.0.0.1:5173/',
      allowedOrigins: [...runtimeConfig.allowedOrigins, 'http://127.0.0.1:5173', 'http://localhost:5173'],
    };
  }

  const dataDir = fromRepoRoot(config.dataDir);
  // SQLite files in the data directory, or every store in DESK_DATABASE_URL's PostgreSQL
  // (issue 22); a wrong URL stops here with the database's reason.
  const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir });
  const auditStore = new AuditStore(storage.db('audit'));
  // Sessions live beside the users they belong to: one store, checked together on restore.
  const usersDb = storage.db('users');
  const userStore = new UserStore(usersDb);
  const attachWsRelay = await loadWsRelay();
  if (!attachWsRelay) logger.warn('the WebSocket relay (relay/ws-relay.ts) is not present: /ws/* is unavailable');

  // Several proxies on one database share the exchange's rate limits (issue 22 item 2).
  const sharedBudget = config.databaseUrl
    ? await PgRateBudget.open(config.databaseUrl, { spanMs: config.rate.windowMs + config.rate.safetyMarginMs, leaseMs: config.upstream.timeoutMs + 30_000 })
    : undefined;
  const desk = await buildApp(runtimeConfig, {
    upstreamUrl,
    upstreamWs,
    keyStore,
    auditStore,
    userStore,
    sessionDb: usersDb,
    archiveDb: storage.db('archive'),
    jobDb: storage.db('jobs'),
    // On a shared database every process is its own job owner (install-jobs.ts).
    ...(config.databaseUrl ? { jobOwnership: { owner: `${hostname()}:${process.pid}`, shared: true, leaseMs: config.jobLeaseMs } } : {}),
    logger,
    webDir: fromRepoRoot(config.webDir),
    ...(attachWsRelay ? { attachWsRelay } : {}),
    ...(sharedBudget ? { sharedBudget } : {}),
  });
  if (!desk.webBuilt) process.stderr.write(`The web app is not built (${fromRepoRoot(config.webDir)} has no index.html): run npm run build\n`);

  await desk.app.listen({ host: config.host, port: config.port });
  const address = desk.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  desk.ctx.origins.allowServer(config.host, port);
  if (config.host !== '127.0.0.1') desk.ctx.origins.allowServer('127.0.0.1', port);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    simulator?.stop();
    void desk.app.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  const openHost = isLoopbackHost(config.host) || config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  process.stdout.write(`Open http://${openHost}:${port}${desk.issueAdminLoginPath()}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof KeySourceError || err instanceof KeyFileError || err instanceof SimulatorStartError || err instanceof StorageError) fail(err.message);
  const code = (err as { code?: unknown }).code;
  if (code === 'EADDRINUSE') fail(`the port is already in use (${(err as Error).message})`);
  fail(`could not start: ${messageOf(err)}`);
});
