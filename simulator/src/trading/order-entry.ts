// Order entry (spec 4.5 place-order, spec 3.1): the checks a new order passes before the
// order service takes it (category, account mode, hold mode, duplicate clientOid, the
// pending limit, tick, lot and minimum value, what a close order may close), and the lock
// it must hold. Pure over what it is given: it reads the account and positions, changes
// nothing, and throws the exchange's error for the first check that fails.
import type { Clock } from '@contract/core/clock';
import type { TradedCategory } from '@contract/schemas/common';
import type { PlaceOrderRequest } from '@contract/schemas/orders';
import { hasTpsl } from '@contract/schemas/tpsl';
import type { AccountStore } from '../accounts/account-store';
import { money, ONE } from '../core/money';
import { paramError, SimError } from '../core/sim-error';
import type { Instrument, InstrumentRegistry } from '../instruments/instrument-registry';
import { lotsOf, priceTicksOf, quoteAmountOf, requireMinValue, valueOf } from './order-checks';
import type { PositionBook, PosSide } from './position-book';
import { lotsText, type SimOrder } from './sim-order';
import type { TradingMarket } from './trading-market';
import { checkLegs, legsOf, type ReferencePrice } from './tpsl-legs';

export const MAX_PENDING_PER_SYMBOL = 400;
/** A market buy's lock assumes the price may run 5 % past the best ask. */
const MARKET_SLIPPAGE = money('1.05');

export type PlaceInput = Omit<PlaceOrderRequest, 'category'> & { category: string };

/** What entry reads; the order service gives its own state through it. */
export interface EntryContext {
  accounts: AccountStore;
  instruments: InstrumentRegistry;
  positions: PositionBook;
  market: TradingMarket;
  clock: Clock;
  pendingOf(uid: number): SimOrder[];
  /** Position lots not yet promised to pending close orders. */
  closeCapacity(uid: number, inst: Instrument, posSide: PosSide): number;
  nextOrderId(): string;
}

export function prepareOrder(uid: number, req: PlaceInput, at: EntryContext): SimOrder {
  const account = at.accounts.get(uid);
  const category = req.category as TradedCategory;
  if (category !== 'spot' && category !== 'margin' && category !== 'usdt-futures') {
    throw new SimError('25100', { field: `${req.symbol} (${req.category})` });
  }
  const inst = at.instruments.get(category, req.symbol);
  if ((account.accountMode === 'spot' && category !== 'spot') || (account.accountMode === 'basic' && category === 'margin')) {
    throw new SimError('25240', { field: `${account.accountMode} account mode (${category})` });
  }
  const futures = category === 'usdt-futures';
  if (!futures && req.reduceOnly === 'yes') throw paramError('reduceOnly', 'applies only to futures orders');
  const presetField = req.takeProfit !== undefined ? 'takeProfit' : 'stopLoss';
  // trade.md: the preset TP/SL fields are "only valid for the contract business lines".
  if (!futures && hasTpsl(req)) throw paramError(presetField, 'applies only to futures orders (USDT-FUTURES, COIN-FUTURES, USDC-FUTURES)');
  // The simulator keeps cross margin only (ARCHITECTURE.md): an isolated order is refused
  // rather than placed as a cross one the trader did not ask for.
  if (req.marginMode === 'isolated') throw paramError('marginMode', 'isolated margin is not offered by this simulator; use crossed');
  // posSide on a spot order, or in one-way mode, is ignored as the public API does.
  const hedge = futures && account.holdMode === 'hedge_mode';
  if (hedge && req.posSide === undefined) throw paramError('posSide', 'is required in hedge mode (long or short)');
  // One read of the account's pending orders serves both checks (entry is a hot path).
  const pending = at.pendingOf(uid);
  if (req.clientOid !== undefined && pending.some((p) => p.clientOid === req.clientOid)) {
    throw new SimError('25212', { field: req.clientOid });
  }
  let pendingHere = 0;
  for (const p of pending) if (p.inst === inst) pendingHere++;
  if (pendingHere >= MAX_PENDING_PER_SYMBOL) throw new SimError('25211');

  const priceTicks = req.orderType === 'limit' && req.price !== undefined ? priceTicksOf(inst, req.price) : 0;
  const quoteSized = !futures && req.orderType === 'market' && req.side === 'buy';
  const quoteBudget = quoteSized ? quoteAmountOf(inst, req.qty) : undefined;
  const lots = quoteSized ? 0 : lotsOf(inst, req.qty);
  if (req.orderType === 'limit') requireMinValue(inst, priceTicks, lots);

  const now = at.clock.now();
  const orderId = at.nextOrderId();
  const o: SimOrder = {
    orderId,
    clientOid: req.clientOid ?? orderId,
    uid,
    inst,
    orderType: req.orderType,
    side: req.side,
    timeInForce: req.orderType === 'market' ? 'ioc' : (req.timeInForce ?? 'gtc'),
    ...(hedge && req.posSide !== undefined ? { posSide: req.posSide } : {}),
    reduceOnly: req.reduceOnly === 'yes',
    stpMode: req.stpMode ?? account.stpMode,
    holdMode: account.holdMode,
    priceTicks,
    lots,
    ...(quoteBudget !== undefined ? { quoteBudget } : {}),
    state: 'live',
    cancelSource: '',
    createdTime: now,
    updatedTime: now,
    filledLots: 0,
    execValue: 0n,
    fees: new Map(),
    lockCoin: futures || req.side === 'buy' ? inst.quoteCoin : inst.baseCoin,
    lockRemaining: 0n,
    pendingNew: false,
  };
  if (futures) {
    const direction: PosSide = req.side === 'buy' ? 'long' : 'short';
    if (hedge && o.posSide !== direction) o.closes = o.posSide;
    if (!hedge && o.reduceOnly) {
      const net = at.positions.net(uid, inst.symbol);
      if (!net) throw new SimError('25574', { detail: 'there is no position to reduce' });
      if (net.posSide === direction) throw new SimError('25574', { detail: `a ${req.side} would increase the ${net.posSide} position` });
      o.closes = net.posSide;
    }
    if (o.closes !== undefined && lots > at.closeCapacity(uid, inst, o.closes)) {
      throw new SimError('25232', { detail: `${lotsText(inst, at.closeCapacity(uid, inst, o.closes))} left to close` });
    }
    if (hasTpsl(req)) {
      // A preset protects the position the order opens; an order that only closes has none.
      if (o.closes !== undefined || o.reduceOnly) throw paramError(presetField, 'applies only to an order that opens a position, not to one that closes it');
      const legs = legsOf(inst, req);
      // Judged against the order's own price for a limit order (where it opens), else the price each leg watches.
      const against: ReferencePrice =
        req.orderType === 'limit'
          ? () => ({ price: BigInt(priceTicks) * inst.tickMoney, label: 'order price' })
          : (by) => currentPrice(at.market, inst, by);
      checkLegs(inst, o.posSide ?? direction, legs, against);
      o.preset = legs;
    }
  }
  o.lockRemaining = lockFor(o, priceTicks, lots, at);
  if (o.lockRemaining > at.accounts.available(uid, o.lockCoin)) {
    throw new SimError(futures ? '25203' : '25202');
  }
  return o;
}

/** The price a trigger watches now: the mark, or the last trade (the mark before the book's first trade). */
export function currentPrice(market: TradingMarket, inst: Instrument, by: 'market' | 'mark'): { price: bigint; label: string } {
  if (by === 'mark') return { price: market.markOf(inst.symbol), label: 'mark price' };
  const last = market.lastPriceOf(inst);
  return last === undefined ? { price: market.markOf(inst.symbol), label: 'mark price (no trade yet)' } : { price: last, label: 'last price' };
}

/** What an order must hold locked for `lots` still open at `priceTicks`. */
export function lockFor(o: SimOrder, priceTicks: number, lots: number, at: Pick<EntryContext, 'market' | 'positions'>): bigint {
  const inst = o.inst;
  if (inst.category !== 'usdt-futures') {
    if (o.side === 'sell') return BigInt(lots) * inst.lotMoney;
    return o.quoteBudget ?? valueOf(inst, priceTicks, lots);
  }
  if (o.closes !== undefined) return 0n;
  let notional: bigint;
  if (o.orderType === 'limit') {
    notional = valueOf(inst, priceTicks, lots);
  } else {
    const ref = at.market.bestOpposite(inst, o.side) ?? at.market.markOf(inst.symbol);
    const price = o.side === 'buy' ? (ref * MARKET_SLIPPAGE) / ONE : ref;
    notional = (price * BigInt(lots) * inst.lotMoney) / ONE;
  }
  const leverage = at.positions.leverageOf(o.uid, inst.symbol);
  const margin = (notional * ONE + leverage - 1n) / leverage;
  return margin + (notional * inst.takerRate) / ONE;
}
