/**
 * The embedded exchange: `createSimulator(options)` builds every service and a Fastify app
 * that speaks the REST interface of contract/catalog/endpoints.ts. Tests drive it with
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
 *   upgrades from. main.ts installs the layers listed in installed-extensions.ts.
 */
import Fastify from 'fastify';
import type { Server } from 'node:http';
import { AccountSettings } from './portfolio/account-settings';
import { AccountStore } from './accounts/account-store';
import { AccountViews } from './portfolio/account-views';
import { seedAccounts, withEnvKeys, type AccountSeed } from './accounts/seed-accounts';
import { registerCatalogRoutes, keepRawBodies } from './api/rest/catalog-routes';
import { HandlerRegistry, type RequestGuard } from './api/rest/handler-registry';
import { registerAccountHandlers } from './api/rest/handlers/account-handlers';
import { registerInstrumentHandlers } from './api/rest/handlers/instrument-handlers';
import { registerMarketHandlers } from './api/rest/handlers/market-handlers';
import { registerTradeHandlers } from './api/rest/handlers/trade-handlers';
import { registerRiskControlHandlers } from './api/rest/handlers/risk-control-handlers';
import { registerStrategyHandlers } from './api/rest/handlers/strategy-handlers';
import { EventBus } from './bus/event-bus';
import { systemClock, type Clock } from '@contract/core/clock';
import type { Dialect } from './core/dialect';
import { MatchingEngine } from './engine/matching-engine';
import { InstrumentRegistry } from './instruments/instrument-registry';
import { invariantViolations } from './invariants';
import { MarketData } from './market/market-data';
import { MarketFlow } from './market/market-flow';
import { settleFunding } from './market/funding-settlement';
import { PublicMarket } from './market/public-market';
import { OrderService } from './trading/order-service';
import { PositionBook } from './trading/position-book';
import { StrategyOrderService } from './trading/strategy-orders';
import type { Simulator, SimulatorExtension } from './api/simulator-parts';

export interface SimulatorOptions {
  clock?: Clock;
  /** Seed of the synthetic market flow (SIM_SEED). */
  seed?: number;
  /** Orders per second of the synthetic market flow; 0 (the default here) turns it off. */
  flowRate?: number;
  /** Days of generated trade history per book at start (issue 18); 0 (the default here) for none. */
  historyDays?: number;
  /** Environment for the SIM_* key overrides (default: none; main.ts passes process.env). */
  env?: Record<string, string | undefined>;
  accounts?: readonly AccountSeed[];
  /** Check every answer against the catalog's response schema. Default true. */
  validateResponses?: boolean;
  /** The dialect (SIM_DIALECT; dialect.ts): `seed` (default) or `live`. */
  dialect?: Dialect;
  /** Fastify logging (default off). */
  logger?: boolean;
  extensions?: readonly SimulatorExtension[];
  attachWebSockets?: (server: Server, sim: Simulator) => void;
}

export type { Simulator, SimulatorExtension } from './api/simulator-parts';

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const clock = options.clock ?? systemClock;
  const dialect = options.dialect ?? 'seed';
  const bus = new EventBus();
  const instruments = new InstrumentRegistry();
  const accounts = new AccountStore(withEnvKeys(options.accounts ?? seedAccounts, options.env ?? {}), bus, clock);
  const engine = new MatchingEngine();
  const market = new MarketData(engine, instruments, bus, clock);
  const positions = new PositionBook(accounts, bus, clock);
  positions.markOf = (symbol) => market.markOf(symbol);
  accounts.marginInUse = (uid) => positions.marginInUse(uid);
  const orders = new OrderService(engine, instruments, accounts, positions, market, bus, clock, dialect);
  const strategies = new StrategyOrderService(orders, positions, accounts, instruments, market, bus, clock);
  const settings = new AccountSettings(accounts, instruments, orders, positions, bus, clock);
  const views = new AccountViews(accounts, instruments, positions, market);
  const publicMarket = new PublicMarket(instruments, market, engine, positions, bus, clock);
  publicMarket.settleFunding = (inst, rate) => void settleFunding({ positions, accounts, market }, inst, rate);
  if ((options.historyDays ?? 0) > 0) publicMarket.seedHistory(options.historyDays ?? 0, options.seed ?? 1);
  const flow = new MarketFlow({ instruments, orders, market, positions }, options.seed ?? 1);
  const handlers = new HandlerRegistry();
  const guards: RequestGuard[] = [];

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1 << 20 });
  keepRawBodies(app);
  registerCatalogRoutes(app, { accounts, clock, handlers, guards, dialect, validateResponses: options.validateResponses ?? true });
  registerInstrumentHandlers(handlers, instruments);
  registerMarketHandlers(handlers, { instruments, market, publicMarket });
  registerTradeHandlers(handlers, orders, dialect);
  registerAccountHandlers(handlers, { accounts, settings, views, positions });
  registerRiskControlHandlers(handlers, { orders, positions, accounts });
  registerStrategyHandlers(handlers, strategies);

  const sim: Simulator = {
    app,
    dialect,
    bus,
    clock,
    instruments,
    accounts,
    engine,
    market,
    publicMarket,
    positions,
    orders,
    strategies,
    settings,
    views,
    flow,
    handlers,
    guards,
    async listen(port) {
      await app.listen({ port, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('simulator: no TCP address after listen');
      return address.port;
    },
    async close() {
      flow.stop();
      await app.close();
    },
    invariantViolations: () => invariantViolations(accounts, orders, engine),
  };
  if ((options.flowRate ?? 0) > 0) {
    flow.prefill();
    flow.start(options.flowRate ?? 0);
  }
  for (const extend of options.extensions ?? []) extend(sim);
  options.attachWebSockets?.(app.server, sim);
  return sim;
}
