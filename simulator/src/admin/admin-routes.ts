// Loopback-only routes under /__sim/ that drive funding events and futures prices and expose
// what tests need to assert (simulator/README.md "Driving the simulator"). They answer only requests from
// 127.0.0.1 / ::1; anything else gets 403. They are not part of the exchange interface.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { coin, positiveDecimalString, symbol } from '@contract/schemas/common';
import { check } from '@contract/core/validation';
import { isUnsignedDecimalString, scaleOf } from '@contract/core/decimal';
import { limitsOf } from '../limits/limits-state';
import { productsOf } from '../products/products-state';
import type { Simulator } from '../api/simulator-parts';
import { fmtMoneyAt, money } from '../core/money';
import { SimError } from '../core/sim-error';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const depositBody = z.strictObject({
  uid: z.union([z.string().regex(/^\d{1,20}$/, 'must be a numeric UID'), z.number().int().positive()]).transform(Number),
  coin,
  // Money is kept at 18 decimals at most (core/money.ts MONEY_SCALE).
  amount: z.string().refine((s) => isUnsignedDecimalString(s) && scaleOf(s) <= 18, 'must be a positive decimal string such as "100.5"').refine((s) => /[1-9]/.test(s), 'must be greater than zero'),
});
export type DepositBody = z.input<typeof depositBody>;

/**
 * POST /__sim/price: moves a USDT-futures symbol's mark price and/or last price to a level
 * (for tests of take-profit / stop-loss and trigger orders: "move the mark through the TP").
 */
export const priceBody = z
  .strictObject({ symbol, markPrice: positiveDecimalString.optional(), lastPrice: positiveDecimalString.optional() })
  .refine((b) => b.markPrice !== undefined || b.lastPrice !== undefined, { path: ['markPrice'], message: 'markPrice or lastPrice is required' });
export type PriceBody = z.input<typeof priceBody>;

const uidQuery = z.object({ uid: z.string().regex(/^\d{1,20}$/, 'must be a numeric UID').transform(Number) });
const logQuery = z.object({
  uid: z.string().optional(),
  endpoint: z.string().optional(),
  since: z.string().regex(/^\d+$/, 'must be Unix ms').transform(Number).optional(),
  status: z.string().regex(/^\d{3}$/, 'must be an HTTP status').transform(Number).optional(),
});

function refuseRemote(req: FastifyRequest, reply: FastifyReply): boolean {
  if (LOOPBACK.has(req.socket.remoteAddress ?? '')) return false;
  void reply.status(403).send({ error: 'the /__sim/ admin routes answer loopback callers only' });
  return true;
}

function bad(reply: FastifyReply, field: string, message: string): FastifyReply {
  return reply.status(400).send({ error: `${field}: ${message}`, field });
}

function parsedOr400<S extends z.ZodType>(schema: S, value: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const r = check(schema, value);
  if (r.ok) return r.data;
  void bad(reply, r.field, r.message);
  return undefined;
}

function bodyOf(req: FastifyRequest): unknown {
  const raw = req.rawBody ?? (typeof req.body === 'string' ? req.body : '');
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return Symbol('invalid JSON');
  }
}

/**
 * Why a /__sim/ request is refused, or null (issue 16 finding 10). Any web page open in
 * the same browser could otherwise POST text/plain to 127.0.0.1 (a "simple" request needs
 * no preflight) and move money in the simulator. Accepted: loopback callers with no
 * Origin (curl, tests, scripts) or the simulator's own Origin, and a body only as
 * application/json.
 */
export function adminRefusal(req: Pick<FastifyRequest, 'headers' | 'method'> & { socket: { remoteAddress?: string | undefined; localPort?: number | undefined } }): { status: number; error: string } | null {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return { status: 403, error: 'the /__sim/ admin routes answer loopback callers only' };
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const port = req.socket.localPort;
    const own = [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
    if (!own.includes(String(origin).toLowerCase())) return { status: 403, error: 'the /__sim/ admin routes refuse requests from web pages (an Origin other than the simulator)' };
  }
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const type = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (hasBody && type !== 'application/json') return { status: 415, error: 'the /__sim/ admin routes take a body only as application/json' };
  return null;
}

export function installAdminRoutes(sim: Simulator): void {
  const app = sim.app;

  // One gate for every /__sim/ route, whichever extension registered it (faults, flow, ...).
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/__sim/')) return done();
    const refusal = adminRefusal(req);
    if (refusal === null) return done();
    void reply.status(refusal.status).send({ error: refusal.error });
  });

  /** A deposit arrives (credited to spot, then auto-transferred per spec 4.2 settings). */
  app.post('/__sim/deposit', (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    const body = parsedOr400(depositBody, bodyOf(req), reply);
    if (body === undefined) return reply;
    try {
      return reply.send(productsOf(sim).broker.deposit(body.uid, body.coin, body.amount));
    } catch (error) {
      if (error instanceof SimError) return bad(reply, String(error.params.field ?? 'body'), error.message);
      throw error;
    }
  });

  app.get('/__sim/deposits', (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    const q = req.query as Record<string, string>;
    const uid = q.uid === undefined ? undefined : parsedOr400(uidQuery, q, reply)?.uid;
    if (q.uid !== undefined && uid === undefined) return reply;
    return reply.send(productsOf(sim).broker.depositsOf(uid));
  });

  /** Balances per account type of spec 4.2 (spot is the unified account). */
  app.get('/__sim/account-types', (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    const q = parsedOr400(uidQuery, req.query, reply);
    if (q === undefined) return reply;
    if (sim.accounts.find(q.uid) === undefined) return bad(reply, 'uid', `no account ${q.uid}`);
    const broker = productsOf(sim).broker;
    return reply.send({ uid: String(q.uid), autoTransfer: broker.settingsOf(q.uid), balances: broker.accountTypeBalances(q.uid) });
  });

  /** The seeded savings orders and loan orders of an account, and its convertible coins. */
  app.get('/__sim/products', (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    const q = parsedOr400(uidQuery, req.query, reply);
    if (q === undefined) return reply;
    if (sim.accounts.find(q.uid) === undefined) return bad(reply, 'uid', `no account ${q.uid}`);
    const p = productsOf(sim);
    const loanIds = [...new Set(p.loans.of(q.uid).map((r) => r.orderId))];
    return reply.send({ savingsOrders: p.savings.of(q.uid), loanOrderIds: loanIds, convertible: p.converter.eligible(q.uid) });
  });

  /** Moves the history clock (seeded loans, revisions and their three-month window) and market time forward; signatures keep the wall clock. */
  app.post('/__sim/clock/advance', (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    const body = parsedOr400(z.strictObject({ ms: z.number().int('must be whole milliseconds').positive('must be more than 0').max(5 * 365 * 86_400_000, 'must be at most five years') }), bodyOf(req), reply);
    if (body === undefined) return reply;
    const loans = productsOf(sim).loans;
    // Market time (candles, the tape, tickers) moves with it, so a test can turn the minute.
    const marketOffsetMs = sim.publicMarket.advance(body.ms);
    return reply.send({ offsetMs: loans.advance(body.ms), historyNow: loans.historyNow(sim.clock.now()), marketOffsetMs, marketNow: sim.publicMarket.now() });
  });

  /**
   * Sets the mark and/or last price of a USDT-futures symbol, as if the market had moved
   * there: positions are re-marked and pushed, and the strategy orders watching that price
   * are checked at once. The answer lists the strategy orders that left the open list by it
   * (fired: success/failed; or cancelled). The last price moves without a trade (the tape
   * and candles show real trades only). A running market flow sets the mark from its own
   * mid again on its next step: quiet it first (POST /__sim/flow {"rate":0}) to hold a price.
   */
  app.post('/__sim/price', (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    const body = parsedOr400(priceBody, bodyOf(req), reply);
    if (body === undefined) return reply;
    const inst = sim.instruments.find('usdt-futures', body.symbol);
    if (inst === undefined) return bad(reply, 'symbol', `no USDT-futures symbol ${body.symbol}`);
    const watched = sim.strategies.openOn(body.symbol);
    if (body.markPrice !== undefined) {
      sim.market.setMark(body.symbol, money(body.markPrice));
      for (const p of sim.positions.openOn(body.symbol)) sim.positions.emitFor(p.uid, body.symbol);
    }
    if (body.lastPrice !== undefined) sim.market.setLastPrice(body.symbol, money(body.lastPrice));
    const last = sim.market.lastPriceOf(inst);
    return reply.send({
      symbol: body.symbol,
      markPrice: fmtMoneyAt(sim.market.markOf(body.symbol), inst.priceScale),
      lastPrice: last === undefined ? '' : fmtMoneyAt(last, inst.priceScale),
      strategyOrders: watched
        .filter((s) => s.status !== 'pending')
        .map((s) => ({ orderId: s.orderId, uid: String(s.uid), status: s.status, triggerType: s.triggerType, placedOrderId: s.placedOrderId ?? '' })),
    });
  });

  app.get('/__sim/request-log', (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    const limits = limitsOf(sim);
    if (!limits) return reply.status(404).send({ error: 'the limits extension is not installed' });
    const q = parsedOr400(logQuery, req.query, reply);
    if (q === undefined) return reply;
    return reply.send(limits.log.query(q));
  });

  app.delete('/__sim/request-log', (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    limitsOf(sim)?.log.clear();
    return reply.send({ cleared: true });
  });
}
