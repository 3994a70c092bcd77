// What a built simulator is made of, as the layers on top of the core see it: the API
// handlers, the WebSocket server and the extensions (limits, products, faults, admin)
// take this interface, and server.ts builds an object that has it. It lives here, not in
// server.ts, so nothing below the composition root imports the file that builds
// everything (the layer lint in eslint.config.js keeps it so).
import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../accounts/account-store';
import type { EventBus } from '../bus/event-bus';
import type { Clock } from '@contract/core/clock';
import type { Dialect } from '../core/dialect';
import type { MatchingEngine } from '../engine/matching-engine';
import type { InstrumentRegistry } from '../instruments/instrument-registry';
import type { MarketData } from '../market/market-data';
import type { MarketFlow } from '../market/market-flow';
import type { PublicMarket } from '../market/public-market';
import type { AccountSettings } from '../portfolio/account-settings';
import type { AccountViews } from '../portfolio/account-views';
import type { OrderService } from '../trading/order-service';
import type { PositionBook } from '../trading/position-book';
import type { StrategyOrderService } from '../trading/strategy-orders';
import type { HandlerRegistry, RequestGuard } from './rest/handler-registry';

export type SimulatorExtension = (sim: Simulator) => void;

export interface Simulator {
  app: FastifyInstance;
  dialect: Dialect;
  bus: EventBus;
  clock: Clock;
  instruments: InstrumentRegistry;
  accounts: AccountStore;
  engine: MatchingEngine;
  market: MarketData;
  /** Candles, tape, tickers and funding: the public market view (issue 18). */
  publicMarket: PublicMarket;
  positions: PositionBook;
  orders: OrderService;
  /** Take-profit / stop-loss and trigger orders (strategy.md). */
  strategies: StrategyOrderService;
  settings: AccountSettings;
  views: AccountViews;
  /** The synthetic market flow; started by createSimulator when flowRate > 0. */
  flow: MarketFlow;
  handlers: HandlerRegistry;
  guards: RequestGuard[];
  /** Starts listening on 127.0.0.1; resolves to the port (pass 0 for an ephemeral one). */
  listen(port: number): Promise<number>;
  close(): Promise<void>;
  /** Broken bookkeeping, as sentences; [] when orders, locks and the book agree. */
  invariantViolations(): string[];
}
