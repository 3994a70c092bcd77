/**
 * The embedded exchange: `createSimulator(options)` builds every service and a Fastify app
 * that speaks the REST interface of contract/endpoints.ts. Tests drive it with
 * `sim.app.inject(...)` or `await sim.listen(0)`; main.ts runs it on a port.
 *
 * Extension points (for the WebSocket, products and rate-limit layers):
 * - `sim.handlers.set(endpointId, handler)` answers a catalog endpoint (the v2 operations
 *   have none until their layer registers them; until then they answer 45002, never a fake
 *   success).
 * - `sim.guards.push(guard)` runs after authentication and validation, before the handler
 *   (rate limits throw SimError('429')).
 * - `sim.bus` carries every state change (bus/event-bus.ts documents the events);
 *   `sim.market.depth(...)` reads the true aggregated book.
 * - `options.extensions`: functions called with the simulator once everything is built, in
 *   order. `attachWebSockets(server, sim)` is the same, given the Node HTTP server to take
 *   upgrades from. main.ts loads the installed layers with loadInstalledExtensions().
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { AccountStore } from './accounts/account-store';
import { seedAccounts, withEnvKeys, type AccountSeed } from './accounts/seed-accounts';
import { registerCatalogRoutes, keepRawBodies } from './api/rest/catalog-routes';
import { HandlerRegistry, type RequestGuard } from './api/rest/handler-registry';
import { registerInstrumentHandlers } from './api/rest/handlers/instrument-handlers';
import { EventBus } from './bus/event-bus';
import { systemClock, type Clock } from './clock';
import { InstrumentRegistry } from './instruments/instrument-registry';

export interface SimulatorOptions {
  clock?: Clock;
  /** Seed of the synthetic market flow (SIM_SEED). */
  seed?: number;
  /** Orders per second of the synthetic market flow; 0 (the default here) turns it off. */
  flowRate?: number;
  /** Environment for the SIM_* key overrides (default: none; main.ts passes process.env). */
  env?: Record<string, string | undefined>;
  accounts?: readonly AccountSeed[];
  /** Check every answer against the catalog's response schema. Default true. */
  validateResponses?: boolean;
  /** Fastify logging (default off). */
  logger?: boolean;
  extensions?: readonly SimulatorExtension[];
  attachWebSockets?: (server: Server, sim: Simulator) => void;
}

export type SimulatorExtension = (sim: Simulator) => void;

export interface Simulator {
  app: FastifyInstance;
  bus: EventBus;
  clock: Clock;
  instruments: InstrumentRegistry;
  accounts: AccountStore;
  handlers: HandlerRegistry;
  guards: RequestGuard[];
  /** Starts listening on 127.0.0.1; resolves to the port (pass 0 for an ephemeral one). */
  listen(port: number): Promise<number>;
  close(): Promise<void>;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const clock = options.clock ?? systemClock;
  const bus = new EventBus();
  const instruments = new InstrumentRegistry();
  const accounts = new AccountStore(withEnvKeys(options.accounts ?? seedAccounts, options.env ?? {}), bus, clock);
  const handlers = new HandlerRegistry();
  const guards: RequestGuard[] = [];

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1 << 20 });
  keepRawBodies(app);
  registerCatalogRoutes(app, { accounts, clock, handlers, guards, validateResponses: options.validateResponses ?? true });
  registerInstrumentHandlers(handlers, instruments);

  const sim: Simulator = {
    app,
    bus,
    clock,
    instruments,
    accounts,
    handlers,
    guards,
    async listen(port) {
      await app.listen({ port, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('simulator: no TCP address after listen');
      return address.port;
    },
    async close() {
      await app.close();
    },
  };
  for (const extend of options.extensions ?? []) extend(sim);
  options.attachWebSockets?.(app.server, sim);
  return sim;
}
