// `npm run sim -- --port N`: the simulator alone, on 127.0.0.1 (ARCHITECTURE.md fixed
// names). The proxy spawns this file and waits for the "listening" line.
import { dialectFrom } from './core/dialect';
import { createSimulator } from './server';
import { installedExtensions } from './installed-extensions';

function portFrom(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const i = argv.indexOf('--port');
  const raw = i >= 0 ? argv[i + 1] : env.SIM_PORT;
  const port = raw === undefined || raw === '' ? 8090 : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got ${String(raw)}`);
  return port;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return n;
}

async function main(): Promise<void> {
  const port = portFrom(process.argv.slice(2), process.env);
  const sim = createSimulator({
    env: process.env,
    dialect: dialectFrom(process.env),
    seed: intFromEnv('SIM_SEED', 1),
    flowRate: intFromEnv('SIM_FLOW_RATE', 10),
    historyDays: intFromEnv('SIM_HISTORY_DAYS', 30),
    extensions: installedExtensions,
  });
  const bound = await sim.listen(port);
  console.log(`simulator listening on http://127.0.0.1:${bound} (dialect ${sim.dialect})`);
  const stop = () => {
    void sim.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('simulator failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
