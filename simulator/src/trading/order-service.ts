// The order life cycle of spec 3.1 on top of the matching engine: entry checks, balance
// locks, engine events turned into states, fills, fees, positions and bus events.
//
// States: every accepted order is `live` first. It shows `new` once it rests or trades;
// an order the engine refuses without trading (ioc/fok/post_only that cannot rest, a
// cancel_taker self-trade) goes from `live` straight to `canceled`. Fills move it to
// `partially_filled` or `filled`; cancels carry a cancelSource (contract cancelSources).
//
// Locks (so an order list can never disagree with the balances; see checkInvariants):
// - spot and margin buy: price x quantity of the quote coin (a market buy: its quote amount);
// - spot and margin sell: the quantity of the base coin;
// - futures orders that open: initial margin plus the taker fee at the order price (a
//   market order at the best opposite price or mark plus 5 %), in USDT; released pro rata
//   as it fills; orders that only close a position lock nothing and freeze position lots.
// Fees: spot and margin pay in the coin received; futures pay in USDT.
// Entry checks and locks are order-entry.ts, what a fill moves is fill-settlement.ts; this
// file keeps the commands, the order maps and the state machine.
import type { CancelSource, OrderState } from '@contract/schemas/common';
import type { ModifyOrderRequest } from '@contract/schemas/orders';
import { DEFAULT_FUTURES_LEVERAGE, DEFAULT_MARGIN_LEVERAGE, type AccountStore } from '../accounts/account-store';
import type { Dialect } from '../core/dialect';
import { IdSequence } from '../accounts/id-sequence';
import type { EventBus, FillRecordInput } from '../bus/event-bus';
import type { Clock } from '@contract/core/clock';
import type { EngineEvent } from '../engine/engine-types';
import type { MatchingEngine } from '../engine/matching-engine';
import type { Instrument, InstrumentRegistry } from '../instruments/instrument-registry';
import { FillSettlement } from './fill-settlement';
import { IdleTasks } from './idle-tasks';
import { lockFor, prepareOrder, type EntryContext, type PlaceInput } from './order-entry';
import type { TradingMarket } from './trading-market';
import { ONE } from '../core/money';
import { SimError } from '../core/sim-error';
import { lotsOf, priceTicksOf, requireMinValue } from './order-checks';
import type { PositionBook, PosSide } from './position-book';
import { isPending, lotsText, orderPushRecord, orderRecord, stateText, ticksText, type SimOrder } from './sim-order';

const engineCancelSource: Record<string, CancelSource> = { cancel: 'user', ioc: 'ioc', fok: 'fok', post_only: 'post_only', stp: 'self_trade', market_no_liquidity: 'market_no_liquidity' };

export interface OrderIdent {
  orderId?: string | undefined;
  clientOid?: string | undefined;
  symbol?: string | undefined;
}

export class OrderService {
  readonly orders = new Map<string, SimOrder>();
  /** Every order id of an account, oldest first (ids increase, so this is id order). */
  private readonly byUid = new Map<number, string[]>();
  private readonly pending = new Map<number, Set<string>>();
  /** Every fill of an account, oldest first (kept by the settlement). */
  readonly fills: Map<number, FillRecordInput[]>;
  private readonly settlement: FillSettlement;
  private readonly entry: EntryContext;
  private readonly orderIds = new IdSequence();
  private readonly touchedBooks = new Set<string>();
  private readonly touchedPositions = new Set<string>();
  private inCommand = false;
  /** > 0 while a command settles (afterCommand may cancel, a nested command): idle work waits for the outermost. */
  private settling = 0;
  private readonly idle = new IdleTasks(() => this.inCommand || this.settling > 0);
  /** Told, inside the command, of each fill of an order with a preset TP/SL (it may change no order). */
  presetFilled: (o: SimOrder) => void = () => {};

  constructor(
    private readonly engine: MatchingEngine,
    private readonly instruments: InstrumentRegistry,
    private readonly accounts: AccountStore,
    private readonly positions: PositionBook,
    private readonly market: TradingMarket,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    readonly dialect: Dialect = 'seed',
  ) {
    this.settlement = new FillSettlement(accounts, positions, bus, clock, (uid, symbol) => this.touchedPositions.add(`${uid}|${symbol}`));
    this.fills = this.settlement.fills;
    this.entry = {
      accounts, instruments, positions, market, clock,
      pendingOf: (uid) => this.pendingOf(uid),
      closeCapacity: (uid, inst, posSide) => this.closeCapacity(uid, inst, posSide),
      nextOrderId: () => this.orderIds.next(),
    };
    for (const key of instruments.bookKeys()) engine.addSymbol(key);
    engine.setListener((e) => this.onEngineEvent(e));
    positions.frozenLotsOf = (uid, symbol, posSide) => this.frozenLots(uid, symbol, posSide);
  }

  // ---- commands ---------------------------------------------------------------------

  /** `delegateType` names what placed the order when it is not the trader (a triggered TP/SL). */
  place(uid: number, req: PlaceInput, delegateType?: string): { orderId: string; clientOid: string } {
    const o = prepareOrder(uid, req, this.entry);
    if (delegateType !== undefined) o.delegateType = delegateType;
    this.command(() => {
      this.store(o);
      this.emitOrder(o, null);
      this.accounts.lock(uid, o.lockCoin, o.lockRemaining);
      // spec 6.2: a close order's placement changes the position's frozen quantity.
      if (o.closes !== undefined) this.positions.emitFor(uid, o.inst.symbol);
      const account = this.accounts.get(uid);
      const common = { orderId: o.orderId, accountId: uid, stpGroup: account.parentUid, stpMode: o.stpMode, side: o.side };
      try {
        if (o.orderType === 'limit') {
          this.engine.submit(o.inst.bookKey, { type: 'limit', ...common, priceTicks: o.priceTicks, lots: o.lots, timeInForce: o.timeInForce });
        } else if (o.quoteBudget !== undefined) {
          const unit = (o.inst.tickMoney * o.inst.lotMoney) / ONE;
          this.engine.submit(o.inst.bookKey, { type: 'market', ...common, quoteBudget: Number(o.quoteBudget / unit) });
        } else {
          this.engine.submit(o.inst.bookKey, { type: 'market', ...common, lots: o.lots });
        }
      } catch (error) {
        // Entry checks should make this unreachable; never leave a live order or a lock behind.
        if (isPending(o)) this.finish(o, 'canceled', 'system');
        throw error;
      }
    });
    return { orderId: o.orderId, clientOid: o.clientOid };
  }

  cancel(uid: number, ident: OrderIdent, source: CancelSource = 'user'): { orderId: string; clientOid: string } {
    const o = this.find(uid, ident);
    // A finished order has left the pending orders the exchange cancels from: 25204.
    if (!isPending(o)) throw new SimError('25204');
    this.command(() => {
      o.requestedCancel = source;
      if (!this.engine.cancel(o.orderId)) this.finish(o, 'canceled', source);
    });
    return { orderId: o.orderId, clientOid: o.clientOid };
  }

  modify(uid: number, req: ModifyOrderRequest): { orderId: string; clientOid: string } {
    const o = this.find(uid, req);
    if (!isPending(o)) throw new SimError('25568', { detail: `the order is ${stateText(o.state, this.dialect)}` });
    if (o.orderType !== 'limit') throw new SimError('25568', { detail: 'only limit orders can be modified' });
    try {
      const priceTicks = req.price !== undefined ? priceTicksOf(o.inst, req.price) : o.priceTicks;
      const lots = req.qty !== undefined ? lotsOf(o.inst, req.qty) : o.lots;
      if (lots <= o.filledLots) {
        throw new SimError('25568', { detail: `qty must be above the filled quantity ${lotsText(o.inst, o.filledLots)}` });
      }
      requireMinValue(o.inst, priceTicks, lots);
      if (o.closes !== undefined) {
        const capacity = this.closeCapacity(uid, o.inst, o.closes) + (o.lots - o.filledLots);
        if (lots - o.filledLots > capacity) throw new SimError('25232', { detail: `${lotsText(o.inst, capacity)} left to close` });
      }
      const required = lockFor(o, priceTicks, lots - o.filledLots, this.entry);
      const extra = required - o.lockRemaining;
      if (extra > 0n && extra > this.accounts.available(uid, o.lockCoin)) {
        throw new SimError(o.inst.category === 'usdt-futures' ? '25203' : '25202');
      }
      this.command(() => {
        if (extra > 0n) this.accounts.lock(uid, o.lockCoin, extra);
        else this.accounts.unlock(uid, o.lockCoin, -extra);
        o.lockRemaining = required;
        o.priceTicks = priceTicks;
        o.lots = lots;
        o.updatedTime = this.clock.now();
        this.emitOrder(o, o.state);
        const result = this.engine.modify(o.orderId, { priceTicks, lots });
        if (result !== 'ok') throw new Error(`engine refused a checked modify: ${result}`);
      });
    } catch (error) {
      if (error instanceof SimError && req.autoCancel === 'yes' && isPending(o)) {
        this.command(() => {
          o.requestedCancel = 'modify_failed';
          if (!this.engine.cancel(o.orderId)) this.finish(o, 'canceled', 'modify_failed');
        });
      }
      throw error;
    }
    return { orderId: o.orderId, clientOid: o.clientOid };
  }

  /** Position lots not yet promised to pending close orders. */
  closeCapacity(uid: number, inst: Instrument, posSide: PosSide): number {
    const p = this.positions.get(uid, inst.symbol, posSide);
    return (p?.lots ?? 0) - this.frozenLots(uid, inst.symbol, posSide);
  }

  frozenLots(uid: number, symbol: string, posSide: PosSide): number {
    let sum = 0;
    for (const o of this.pendingOf(uid)) {
      if (o.closes === posSide && o.inst.symbol === symbol && o.inst.category === 'usdt-futures') sum += o.lots - o.filledLots;
    }
    return sum;
  }

  // ---- lookup -----------------------------------------------------------------------

  pendingOf(uid: number): SimOrder[] {
    const out: SimOrder[] = [];
    for (const id of this.pending.get(uid) ?? []) {
      const o = this.orders.get(id);
      if (o) out.push(o);
    }
    return out;
  }

  /** All orders of an account, newest first. */
  *newestFirst(uid: number): Generator<SimOrder> {
    const ids = this.byUid.get(uid) ?? [];
    for (let i = ids.length - 1; i >= 0; i--) {
      const o = this.orders.get(ids[i]!);
      if (o) yield o;
    }
  }

  private pendingByClientOid(uid: number, clientOid: string): SimOrder | undefined {
    return this.pendingOf(uid).find((o) => o.clientOid === clientOid);
  }

  /** An order of this account by orderId or clientOid (a pending one first, else the newest). */
  find(uid: number, ident: OrderIdent): SimOrder {
    let o: SimOrder | undefined;
    if (ident.orderId !== undefined) {
      o = this.orders.get(ident.orderId);
      if (o && o.uid !== uid) o = undefined;
      if (o && ident.clientOid !== undefined && o.clientOid !== ident.clientOid) o = undefined;
    } else if (ident.clientOid !== undefined) {
      o = this.pendingByClientOid(uid, ident.clientOid);
      if (!o) for (const x of this.newestFirst(uid)) if (x.clientOid === ident.clientOid) { o = x; break; }
    }
    if (!o || (ident.symbol !== undefined && o.inst.symbol !== ident.symbol)) throw new SimError('25204');
    return o;
  }

  // ---- engine events ----------------------------------------------------------------

  /** Runs `task` now, or once the running command has settled; it may place or cancel orders. */
  whenIdle(task: () => void): void {
    this.idle.add(task);
  }

  private command(run: () => void): void {
    if (this.inCommand) throw new Error('order service commands do not nest');
    this.inCommand = true;
    try {
      run();
    } finally {
      this.inCommand = false;
    }
    this.settling++;
    try { this.afterCommand(); } finally { this.settling--; }
    if (this.settling === 0) this.idle.run();
  }

  private afterCommand(): void {
    const now = this.clock.now();
    for (const key of this.touchedBooks) {
      const inst = this.instruments.primaryOf(key);
      this.bus.emit({ type: 'book.settled', ts: now, category: inst.category, symbol: inst.symbol });
    }
    this.touchedBooks.clear();
    if (this.touchedPositions.size === 0) return;
    // Close orders may now promise more than the position holds (another order reduced or
    // flipped it): cancel the newest until they fit, as the exchange does with reduce-only.
    const touched = [...this.touchedPositions];
    this.touchedPositions.clear();
    for (const key of touched) {
      const [uidText, symbol] = key.split('|') as [string, string];
      const uid = Number(uidText);
      for (const side of ['long', 'short'] as const) {
        const held = this.positions.get(uid, symbol, side)?.lots ?? 0;
        const closers = this.pendingOf(uid).filter((o) => o.closes === side && o.inst.symbol === symbol && o.inst.category === 'usdt-futures');
        let frozen = closers.reduce((s, o) => s + o.lots - o.filledLots, 0);
        for (let i = closers.length - 1; i >= 0 && frozen > held; i--) {
          const o = closers[i]!;
          frozen -= o.lots - o.filledLots;
          this.cancel(uid, { orderId: o.orderId }, 'system');
        }
      }
    }
  }

  private onEngineEvent(e: EngineEvent): void {
    switch (e.type) {
      case 'accepted': {
        const o = this.orders.get(e.orderId);
        if (o) o.pendingNew = true;
        return;
      }
      case 'fill':
        this.onFill(e.takerId, e.makerId, e.priceTicks, e.lots, e.tradeSeq);
        return;
      case 'rested': {
        const o = this.orders.get(e.orderId);
        if (o) this.showNew(o);
        return;
      }
      case 'filled': {
        const o = this.orders.get(e.orderId);
        if (o && isPending(o)) this.finish(o, 'filled', '');
        return;
      }
      case 'canceled': {
        const o = this.orders.get(e.orderId);
        if (!o || !isPending(o)) return;
        const source = e.reason === 'cancel' ? (o.requestedCancel ?? 'user') : (engineCancelSource[e.reason] ?? 'system');
        this.finish(o, 'canceled', source);
        return;
      }
      case 'modified':
        return;
      case 'level_changed': {
        const inst = this.instruments.primaryOf(e.symbol);
        this.touchedBooks.add(e.symbol);
        this.bus.emit({
          type: 'book.level',
          ts: this.clock.now(),
          category: inst.category,
          symbol: inst.symbol,
          side: e.side === 'buy' ? 'bid' : 'ask',
          price: ticksText(inst, e.priceTicks),
          size: lotsText(inst, e.totalLots),
          orderCount: e.orderCount,
          priceTicks: e.priceTicks,
          lots: e.totalLots,
        });
        return;
      }
    }
  }

  /** spec 3.1: live -> new once the order rests or trades. */
  private showNew(o: SimOrder): void {
    if (!o.pendingNew) return;
    o.pendingNew = false;
    if (o.state === 'live') this.transition(o, 'new');
  }

  private onFill(takerId: string, makerId: string, priceTicks: number, lots: number, tradeSeq: number): void {
    const taker = this.orders.get(takerId);
    const maker = this.orders.get(makerId);
    if (!taker || !maker) throw new Error(`fill between unknown orders ${takerId} and ${makerId}`);
    const tradeId = String(1_000_000_000_000_000n + BigInt(tradeSeq));
    this.showNew(taker);
    const price = BigInt(priceTicks) * taker.inst.tickMoney;
    this.settleSide(maker, 'maker', priceTicks, lots, tradeId);
    this.settleSide(taker, 'taker', priceTicks, lots, tradeId);
    this.market.recordTrade(taker.inst, price);
    const primary = this.instruments.primaryOf(taker.inst.bookKey);
    this.bus.emit({
      type: 'trade', ts: this.clock.now(), category: primary.category, symbol: primary.symbol, tradeId,
      side: taker.side, price: ticksText(primary, priceTicks), size: lotsText(primary, lots), priceTicks, lots,
    });
  }

  /** One side of a fill: the settlement moves the money, the order takes its next state. */
  private settleSide(o: SimOrder, role: 'maker' | 'taker', priceTicks: number, lots: number, tradeId: string): void {
    const whole = this.settlement.settle(o, role, priceTicks, lots, tradeId);
    if (o.preset !== undefined) this.presetFilled(o);
    if (whole) this.finish(o, 'filled', '');
    else this.transition(o, 'partially_filled');
  }

  /** Moves an order to a terminal state and releases whatever it still holds. */
  private finish(o: SimOrder, state: 'filled' | 'canceled', source: CancelSource | ''): void {
    o.pendingNew = false;
    if (o.lockRemaining > 0n) this.accounts.unlock(o.uid, o.lockCoin, o.lockRemaining);
    o.lockRemaining = 0n;
    o.cancelSource = state === 'canceled' ? source : '';
    this.pending.get(o.uid)?.delete(o.orderId);
    this.transition(o, state);
    if (o.closes !== undefined) this.positions.emitFor(o.uid, o.inst.symbol);
  }

  private transition(o: SimOrder, state: OrderState): void {
    const previous = o.state;
    o.state = state;
    o.updatedTime = this.clock.now();
    this.emitOrder(o, previous);
  }

  private emitOrder(o: SimOrder, previous: OrderState | null): void {
    if (!this.bus.wants('order', o.uid)) return;
    this.bus.emit({
      type: 'order', uid: o.uid, ts: this.clock.now(), previousState: previous,
      order: orderRecord(o, this.dialect), push: orderPushRecord(o, this.dialect, this.leverageText(o)),
    });
  }

  /** The leverage an order trades at: its symbol's (futures) or its base coin's (margin); spot has none. */
  private leverageText(o: SimOrder): string {
    const account = this.accounts.get(o.uid);
    if (o.inst.category === 'usdt-futures') return account.symbolLeverage.get(o.inst.symbol) ?? DEFAULT_FUTURES_LEVERAGE;
    if (o.inst.category === 'margin') return account.coinLeverage.get(o.inst.baseCoin) ?? DEFAULT_MARGIN_LEVERAGE;
    return '';
  }

  private store(o: SimOrder): void {
    this.orders.set(o.orderId, o);
    let ids = this.byUid.get(o.uid);
    if (!ids) this.byUid.set(o.uid, (ids = []));
    ids.push(o.orderId);
    let pending = this.pending.get(o.uid);
    if (!pending) this.pending.set(o.uid, (pending = new Set()));
    pending.add(o.orderId);
  }
}
