import { readFileSync } from 'node:fs';
import { z } from 'zod';

// Secrets (API keys, passphrases) are deliberately NOT part of this config: the
// config object gets logged and passed around, so keys are read by keys/ alone.
const upstreamSchema = z.strictObject({
  rest: z.url().optional(),
  wsPublic: z.url().optional(),
  wsPrivate: z.url().optional(),
  timeoutMs: z.number().int().positive().default(10_000),
  connections: z.number().int().positive().default(64),
  // Extra headers sent on every upstream call, e.g. {"paptrading": "1"} for the demo host.
  extraHeaders: z.record(z.string(), z.string()).default({}),
  // Per-endpoint upstream path overrides, e.g. the native-token convert path (upstream-facts).
  paths: z.record(z.string(), z.string().startsWith('/')).default({}),
  // Call the spec's paths instead of the public API's (the embedded simulator serves the spec's).
  specPaths: z.boolean().default(false),
});

const rateSchema = z.strictObject({
  // Added to the window on top of the answer time (policy/sliding-window.ts). A slot is
  // held from the answer, which comes after the exchange counted the call, so the window
  // alone keeps any limit + 1 arrivals a window apart; the margin covers only timers that
  // fire a millisecond or two early and millisecond timestamps. 20 ms, not 50: each of a
  // lane's calls holds its slot window + margin + latency, and at 50 ms a 10/s lane ran at
  // 9.5 rows/s (bench/broker-job), at 20 ms near 9.7.
  safetyMarginMs: z.number().int().min(0).max(1000).default(20),
  windowMs: z.number().int().positive().default(1000),
  // Replaces the catalog's figure where the exchange documents none (no v3 endpoint since
  // issue 15: the reference docs give each its limit).
  undocumentedPerSecond: z.number().int().positive().optional(),
  // Replaces every catalog limit, documented or not: for benchmarks and tests that must
  // measure the relay rather than the limit (with the simulator's limits raised as well).
  overridePerSecond: z.number().int().positive().optional(),
  queueBound: z.number().int().positive().default(200),
});

export const configSchema = z.strictObject({
  host: z.string().default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(8080),
  simPort: z.number().int().min(0).max(65535).default(8090),
  dataDir: z.string().default('./.desk'),
  webDir: z.string().default('dist/web'),
  useUpstream: z.boolean().default(false),
  dev: z.boolean().default(false),
  keyFile: z.string().optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // GET /metrics answers loopback callers; with a token (DESK_METRICS_TOKEN, 16+ characters), also
  // others that send it as `Authorization: Bearer <token>` (a Prometheus on another host).
  metricsToken: z.string().min(16, 'must be at least 16 characters').optional(),
  // DESK_DATABASE_URL (postgres://…): the desk's stores live in that database (core/storage),
  // and the exchange's rate limits are shared with every proxy on it (policy/shared-rate-budget.ts).
  databaseUrl: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  // DESK_JOB_LEASE_MS: with several proxies on one database, how long a proxy's claim on a job
  // lasts; another proxy takes the job over this long after its runner stopped (jobs/job-runner.ts).
  jobLeaseMs: z.number().int().min(1_000).default(30_000),
  bodyLimit: z.number().int().positive().default(64 * 1024),
  sessionTtlMs: z.number().int().positive().default(12 * 60 * 60 * 1000),
  loginTokenTtlMs: z.number().int().positive().default(15 * 60 * 1000),
  // Where the one-time login link lands: the app; with --dev, the Vite dev server.
  loginRedirect: z.string().default('/'),
  // Origins allowed on mutations besides the proxy's own (e.g. the Vite dev server).
  allowedOrigins: z.array(z.string()).default([]),
  // Host header names answered besides the loopback names, the configured host and the
  // allowed origins' hosts (DNS rebinding: a page on evil.example resolving to 127.0.0.1).
  allowedHosts: z.array(z.string()).default([]),
  upstream: upstreamSchema.default(() => upstreamSchema.parse({})),
  rate: rateSchema.default(() => rateSchema.parse({})),
});

export type ProxyConfig = z.infer<typeof configSchema>;
export type ProxyConfigInput = z.input<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function intFromEnv(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw new ConfigError(`${name}: must be a whole number, got "${value}"`);
  return Number(value);
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`DESK_CONFIG: cannot read config file ${path}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new ConfigError(`DESK_CONFIG: ${path} is not a JSON object`);
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** Config = defaults < config file (DESK_CONFIG) < environment < command-line flags. */
export function loadConfig(env: NodeJS.ProcessEnv, argv: readonly string[]): ProxyConfig {
  const fromFile = env.DESK_CONFIG ? readConfigFile(env.DESK_CONFIG) : {};
  const fileUpstream = (fromFile.upstream ?? {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...fromFile };
  const set = (key: string, value: unknown) => {
    if (value !== undefined && value !== '') merged[key] = value;
  };
  set('host', env.HOST);
  set('port', intFromEnv('PORT', env.PORT));
  set('simPort', intFromEnv('SIM_PORT', env.SIM_PORT));
  set('dataDir', env.DESK_DATA_DIR);
  set('keyFile', env.DESK_KEY_FILE);
  set('logLevel', env.LOG_LEVEL);
  set('metricsToken', env.DESK_METRICS_TOKEN);
  set('databaseUrl', env.DESK_DATABASE_URL);
  set('jobLeaseMs', intFromEnv('DESK_JOB_LEASE_MS', env.DESK_JOB_LEASE_MS));
  const upstream: Record<string, unknown> = { ...fileUpstream };
  if (env.DESK_UPSTREAM_REST) upstream.rest = env.DESK_UPSTREAM_REST;
  if (env.DESK_UPSTREAM_WS_PUBLIC) upstream.wsPublic = env.DESK_UPSTREAM_WS_PUBLIC;
  if (env.DESK_UPSTREAM_WS_PRIVATE) upstream.wsPrivate = env.DESK_UPSTREAM_WS_PRIVATE;
  merged.upstream = upstream;
  if (argv.includes('--upstream')) merged.useUpstream = true;
  if (argv.includes('--dev')) merged.dev = true;

  const result = configSchema.safeParse(merged);
  if (!result.success) throw new ConfigError(`invalid configuration: ${describeIssues(result.error)}`);
  const config = result.data;
  if (config.useUpstream) {
    const missing = (['rest', 'wsPublic', 'wsPrivate'] as const)
      .filter((k) => !config.upstream[k])
      .map((k) => ({ rest: 'DESK_UPSTREAM_REST', wsPublic: 'DESK_UPSTREAM_WS_PUBLIC', wsPrivate: 'DESK_UPSTREAM_WS_PRIVATE' })[k]);
    if (missing.length > 0) {
      throw new ConfigError(`npm run proxy needs an upstream: set ${missing.join(', ')} (see README, "Live use")`);
    }
  }
  return config;
}

export function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === '::1' || host === 'localhost';
}
