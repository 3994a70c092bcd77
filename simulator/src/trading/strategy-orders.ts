// Strategy orders (strategy.md): take-profit / stop-loss on a USDT-futures position
// (`tpsl`, the whole position or `qty` of it) and trigger orders (`trigger`), and the TP/SL
// presets of place-order (trade.md), which become a partial `tpsl` order on the position as
// their order fills, sized by what it filled.
//
// Triggers watch the mark price or the last traded price (`mark` / `market`, market by
// default) and are checked whenever either moves (the market tells trading through
// TradingMarket.onPriceMoved: every futures trade, every mark update). A check that comes
// inside an order command waits until the command has settled (OrderService.whenIdle). A
// fired TP/SL places a reduce-only closing order (market, or limit at its execution price)
// for the position's size (`full`) or its qty, capped by what close orders have not
// already promised; it is an ordinary order from then on (pushes, fills, history). The
// strategy order moves to history as `success` with the side that fired (`triggerType`),
// or `failed` when the closing order was refused or nothing was left to close. A TP/SL
// whose position closed by other means is `cancelled`, as is one the trader cancels.
import type { Clock } from '@contract/core/clock';
import type { CancelStrategyOrderRequest, ModifyStrategyOrderRequest, PlaceStrategyOrderRequest, StrategyOrderRecordInput } from '@contract/schemas/strategy-orders';
import type { StrategyTriggerType } from '@contract/schemas/tpsl';
import type { AccountStore } from '../accounts/account-store';
import type { EventBus } from '../bus/event-bus';
import { IdSequence } from '../accounts/id-sequence';
import { paramError, SimError } from '../core/sim-error';
import type { Instrument, InstrumentRegistry } from '../instruments/instrument-registry';
import { lotsOf } from './order-checks';
import { currentPrice, type PlaceInput } from './order-entry';
import type { OrderService } from './order-service';
import type { PositionBook, PosSide } from './position-book';
import { lotsText, ticksText, type SimOrder } from './sim-order';
import { isOpenStrategy, strategyPushRecord, strategyRecord, triggerSpecOf, type SimStrategyOrder, type StrategyIdent, type TriggerSpec } from './sim-strategy-order';
import { checkLegs, legFires, legsOf, mergeLeg, type LegName, type TpslLegs } from './tpsl-legs';
import type { TradingMarket } from './trading-market';

/** Strategy order IDs: the same width as order IDs (id-sequence.ts), from their own range. */
const FIRST_STRATEGY_ID = 5_000_000_000_000_000n;

export class StrategyOrderService {
  private readonly all = new Map<string, SimStrategyOrder>();
  /** Every strategy order id of an account, oldest first. */
  private readonly byUid = new Map<number, string[]>();
  private readonly openBySymbol = new Map<string, Set<SimStrategyOrder>>();
  private readonly byPresetOrder = new Map<string, SimStrategyOrder>();
  private readonly ids = new IdSequence(FIRST_STRATEGY_ID);
  private readonly movedSymbols = new Set<string>();
  private checking = false;

  constructor(
    private readonly orders: OrderService,
    private readonly positions: PositionBook,
    private readonly accounts: AccountStore,
    private readonly instruments: InstrumentRegistry,
    private readonly market: TradingMarket,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {
    market.onPriceMoved((symbol) => this.priceMoved(symbol));
    orders.presetFilled = (o) => this.followPreset(o);
  }

  // ---- commands ---------------------------------------------------------------------

  place(uid: number, req: PlaceStrategyOrderRequest): { orderId: string; clientOid: string } {
    const inst = this.futuresInstrument(uid, req.category, req.symbol);
    if (req.clientOid !== undefined && this.openOf(uid).some((s) => s.clientOid === req.clientOid)) throw new SimError('25212', { field: req.clientOid });
    const hedge = this.accounts.get(uid).holdMode === 'hedge_mode';
    const now = this.clock.now();
    const orderId = this.ids.next();
    const base = { orderId, clientOid: req.clientOid ?? orderId, uid, inst, status: 'pending' as const, triggerType: '' as const, createdTime: now, updatedTime: now };
    let s: SimStrategyOrder;
    if ((req.type ?? 'tpsl') === 'tpsl') {
      const posSide = this.positionSide(uid, inst, req.posSide, hedge);
      const held = this.heldLots(uid, inst, posSide);
      const tpslMode = req.tpslMode ?? 'full';
      let lots = held;
      if (tpslMode === 'partial') {
        lots = this.lotsWithin(inst, req.qty ?? '', held, posSide);
      } else {
        const other = this.openOf(uid).find((x) => x.type === 'tpsl' && x.tpslMode === 'full' && x.inst === inst && x.posSide === posSide);
        if (other) throw paramError('tpslMode', `the ${posSide} ${inst.symbol} position already has a full take-profit/stop-loss (orderId ${other.orderId}); modify or cancel that one`);
      }
      const legs = legsOf(inst, req);
      checkLegs(inst, posSide, legs, (by) => currentPrice(this.market, inst, by));
      s = { ...base, type: 'tpsl', tpslMode, lots, posSide, reduceOnly: true, legs };
    } else {
      if (hedge && req.posSide === undefined) throw paramError('posSide', 'is required in hedge mode (long or short)');
      const lots = lotsOf(inst, req.qty ?? '');
      const trigger = triggerSpecOf(inst, undefined, req, this.market);
      s = { ...base, type: 'trigger', lots, ...(hedge && req.posSide ? { posSide: req.posSide } : {}), ...(req.side ? { side: req.side } : {}), reduceOnly: req.reduceOnly === 'yes', legs: {}, trigger };
    }
    this.store(s);
    this.changed(s);
    return { orderId: s.orderId, clientOid: s.clientOid };
  }

  /** strategy.md: qty changes a partial TP/SL or a trigger order; the other fields change what they name. */
  modify(uid: number, req: ModifyStrategyOrderRequest): { orderId: string; clientOid: string } {
    const s = this.find(uid, req);
    if (!isOpenStrategy(s)) throw new SimError('25568', { detail: `the strategy order is ${s.status}` });
    const inst = s.inst;
    if (s.type === 'tpsl') {
      const posSide = s.posSide!;
      const tp = mergeLeg(inst, s.legs.tp, 'takeProfit', req.takeProfit, req.tpTriggerBy, req.tpOrderType, req.tpLimitPrice);
      const sl = mergeLeg(inst, s.legs.sl, 'stopLoss', req.stopLoss, req.slTriggerBy, req.slOrderType, req.slLimitPrice);
      const legs: TpslLegs = { ...(tp ? { tp } : {}), ...(sl ? { sl } : {}) };
      checkLegs(inst, posSide, legs, (by) => currentPrice(this.market, inst, by));
      const lots = s.tpslMode === 'partial' ? this.lotsWithin(inst, req.qty, this.heldLots(uid, inst, posSide), posSide) : s.lots;
      s.legs = legs;
      s.lots = lots;
    } else {
      const trigger = triggerSpecOf(inst, s.trigger, req, this.market);
      s.lots = lotsOf(inst, req.qty);
      s.trigger = trigger;
    }
    s.updatedTime = this.clock.now();
    this.changed(s);
    return { orderId: s.orderId, clientOid: s.clientOid };
  }

  cancel(uid: number, ident: CancelStrategyOrderRequest): { orderId: string; clientOid: string } {
    const s = this.find(uid, ident);
    // Fired or cancelled already: no longer among the strategy orders that can be cancelled.
    if (!isOpenStrategy(s)) throw new SimError('25204');
    this.finish(s, 'cancelled', '');
    return { orderId: s.orderId, clientOid: s.clientOid };
  }

  // ---- lookup -----------------------------------------------------------------------

  /** The open strategy orders of an account, oldest first. */
  openOf(uid: number): SimStrategyOrder[] {
    const out: SimStrategyOrder[] = [];
    for (const id of this.byUid.get(uid) ?? []) {
      const s = this.all.get(id);
      if (s && isOpenStrategy(s)) out.push(s);
    }
    return out;
  }

  /** The open strategy orders of every account on a symbol. */
  openOn(symbol: string): SimStrategyOrder[] {
    return [...(this.openBySymbol.get(symbol) ?? [])];
  }

  /** All strategy orders of an account, newest first. */
  *newestFirst(uid: number): Generator<SimStrategyOrder> {
    const ids = this.byUid.get(uid) ?? [];
    for (let i = ids.length - 1; i >= 0; i--) {
      const s = this.all.get(ids[i]!);
      if (s) yield s;
    }
  }

  /** By orderId (it wins when both are given, strategy.md), else by clientOid: an open one first, else the newest. */
  find(uid: number, ident: StrategyIdent): SimStrategyOrder {
    let s: SimStrategyOrder | undefined;
    if (ident.orderId !== undefined) {
      s = this.all.get(ident.orderId);
      if (s && s.uid !== uid) s = undefined;
    } else if (ident.clientOid !== undefined) {
      s = this.openOf(uid).find((x) => x.clientOid === ident.clientOid);
      if (!s) for (const x of this.newestFirst(uid)) if (x.clientOid === ident.clientOid) { s = x; break; }
    }
    if (!s) throw new SimError('25204');
    return s;
  }

  /** The size a record shows: an open full TP/SL follows its position. */
  sizeOf(s: SimStrategyOrder): number {
    if (s.type === 'tpsl' && s.tpslMode === 'full' && isOpenStrategy(s)) return this.heldLots(s.uid, s.inst, s.posSide!);
    return s.lots;
  }

  /** The record of unfilled- and history-strategy-orders (strategy.md); `history` adds triggerType. */
  record(s: SimStrategyOrder, history: boolean): StrategyOrderRecordInput {
    return strategyRecord(s, this.sizeOf(s), history);
  }

  // ---- triggers ---------------------------------------------------------------------

  /** A futures price moved: check that symbol's open strategy orders once no command is running. */
  priceMoved(symbol: string): void {
    if (!this.openBySymbol.get(symbol)?.size) return;
    this.movedSymbols.add(symbol);
    this.orders.whenIdle(() => this.checkMoved());
  }

  private checkMoved(): void {
    if (this.checking) return;
    this.checking = true;
    try {
      for (let symbol = first(this.movedSymbols); symbol !== undefined; symbol = first(this.movedSymbols)) {
        this.movedSymbols.delete(symbol);
        for (const s of [...(this.openBySymbol.get(symbol) ?? [])]) if (s.status === 'pending') this.check(s);
      }
    } finally {
      this.checking = false;
    }
  }

  private check(s: SimStrategyOrder): void {
    const inst = s.inst;
    if (s.type === 'trigger') {
      const t = s.trigger!;
      const price = currentPrice(this.market, inst, t.triggerBy).price;
      const level = BigInt(t.priceTicks) * inst.tickMoney;
      if (t.rising ? price >= level : price <= level) this.fireTrigger(s, t);
      return;
    }
    const posSide = s.posSide!;
    if (this.heldLots(s.uid, inst, posSide) === 0) {
      // The position closed (or flipped) by other means: its TP/SL has nothing left to protect.
      this.finish(s, 'cancelled', '');
      return;
    }
    // A stop-loss first when both would fire (the mark and the last price apart).
    const fired = (['stopLoss', 'takeProfit'] as const).find((name) => {
      const leg = name === 'takeProfit' ? s.legs.tp : s.legs.sl;
      return leg !== undefined && legFires(inst, leg, name, posSide, currentPrice(this.market, inst, leg.triggerBy).price);
    });
    if (fired !== undefined) this.fireTpsl(s, fired);
  }

  private fireTpsl(s: SimStrategyOrder, name: LegName): void {
    const inst = s.inst;
    const posSide = s.posSide!;
    const leg = (name === 'takeProfit' ? s.legs.tp : s.legs.sl)!;
    const wanted = s.tpslMode === 'full' ? this.heldLots(s.uid, inst, posSide) : s.lots;
    const lots = Math.min(wanted, this.orders.closeCapacity(s.uid, inst, posSide));
    if (lots <= 0) {
      this.finish(s, 'failed', name);
      return;
    }
    s.lots = lots;
    const hedge = this.accounts.get(s.uid).holdMode === 'hedge_mode';
    const req: PlaceInput = {
      category: inst.category,
      symbol: inst.symbol,
      orderType: leg.orderType,
      side: posSide === 'long' ? 'sell' : 'buy',
      qty: lotsText(inst, lots),
      ...(leg.orderType === 'limit' ? { price: ticksText(inst, leg.limitTicks), timeInForce: 'gtc' as const } : {}),
      ...(hedge ? { posSide } : { reduceOnly: 'yes' as const }),
    };
    // trade.md delegateType: a position (full) TP/SL or a partial one, market or limit.
    const kind = `${s.tpslMode === 'full' ? 'position_' : ''}stop_${name === 'takeProfit' ? 'profit' : 'loss'}_${leg.orderType}`;
    this.submit(s, req, kind, name);
  }

  private fireTrigger(s: SimStrategyOrder, t: TriggerSpec): void {
    const inst = s.inst;
    const req: PlaceInput = {
      category: inst.category,
      symbol: inst.symbol,
      orderType: t.orderType,
      side: s.side!,
      qty: lotsText(inst, s.lots),
      ...(t.orderType === 'limit' ? { price: ticksText(inst, t.limitTicks), timeInForce: 'gtc' as const } : {}),
      ...(s.posSide ? { posSide: s.posSide } : {}),
      ...(s.reduceOnly ? { reduceOnly: 'yes' as const } : {}),
    };
    this.submit(s, req, `plan_${t.orderType}`, '');
  }

  /** Places what a fired strategy order places; it is then `success`, or `failed` if the order was refused. */
  private submit(s: SimStrategyOrder, req: PlaceInput, delegateType: string, triggerType: StrategyTriggerType | ''): void {
    s.status = 'submitting';
    try {
      s.placedOrderId = this.orders.place(s.uid, req, delegateType).orderId;
    } catch (error) {
      if (!(error instanceof SimError)) throw error;
      this.finish(s, 'failed', triggerType);
      return;
    }
    this.finish(s, 'success', triggerType);
  }

  /** Inside an order command: a preset's order filled, so its TP/SL follows the position that fill opened. */
  private followPreset(o: SimOrder): void {
    const posSide: PosSide = o.posSide ?? (o.side === 'buy' ? 'long' : 'short');
    const held = this.heldLots(o.uid, o.inst, posSide);
    const lots = Math.min(o.filledLots, held);
    const existing = this.byPresetOrder.get(o.orderId);
    if (existing) {
      if (!isOpenStrategy(existing) || lots === 0 || lots === existing.lots) return;
      existing.lots = lots;
      existing.updatedTime = this.clock.now();
      this.changed(existing);
      return;
    }
    // In one-way mode a fill may only have reduced the opposite position: nothing opened yet.
    if (lots === 0 || o.preset === undefined) return;
    const now = this.clock.now();
    const orderId = this.ids.next();
    const s: SimStrategyOrder = {
      orderId, clientOid: orderId, uid: o.uid, inst: o.inst, type: 'tpsl', tpslMode: 'partial', lots, posSide,
      reduceOnly: true, legs: o.preset, status: 'pending', triggerType: '', presetOf: o.orderId, createdTime: now, updatedTime: now,
    };
    this.store(s);
    this.changed(s);
    this.priceMoved(o.inst.symbol);
  }

  // ---- helpers ----------------------------------------------------------------------

  /** Every change of a strategy order (placed, modified, fired, cancelled) is a strategy-order push. */
  private changed(s: SimStrategyOrder): void {
    if (!this.bus.wants('strategy-order', s.uid)) return;
    this.bus.emit({ type: 'strategy-order', uid: s.uid, ts: this.clock.now(), push: strategyPushRecord(s, this.sizeOf(s)) });
  }

  private futuresInstrument(uid: number, category: string, symbol: string): Instrument {
    // The simulator trades USDT futures only (ARCHITECTURE.md "Instruments").
    if (category !== 'usdt-futures') throw new SimError('25100', { field: `${symbol} (${category})` });
    const inst = this.instruments.get(category, symbol);
    const mode = this.accounts.get(uid).accountMode;
    if (mode === 'spot') throw new SimError('25240', { field: `${mode} account mode (${category})` });
    return inst;
  }

  /** The side of the position a TP/SL protects: posSide in hedge mode, the one open position in one-way mode. */
  private positionSide(uid: number, inst: Instrument, posSide: PosSide | undefined, hedge: boolean): PosSide {
    if (hedge) {
      if (posSide === undefined) throw paramError('posSide', 'is required in hedge mode (long or short)');
      if (this.heldLots(uid, inst, posSide) === 0) throw paramError('posSide', `there is no ${posSide} ${inst.symbol} position to take profit or stop loss on`);
      return posSide;
    }
    const net = this.positions.net(uid, inst.symbol);
    if (!net) throw paramError('symbol', `there is no ${inst.symbol} position to take profit or stop loss on`);
    if (posSide !== undefined && posSide !== net.posSide) throw paramError('posSide', `the ${inst.symbol} position is ${net.posSide}, not ${posSide}`);
    return net.posSide;
  }

  private heldLots(uid: number, inst: Instrument, posSide: PosSide): number {
    return this.positions.get(uid, inst.symbol, posSide)?.lots ?? 0;
  }

  private lotsWithin(inst: Instrument, qty: string, held: number, posSide: PosSide): number {
    const lots = lotsOf(inst, qty);
    if (lots > held) throw paramError('qty', `${qty} is more than the ${posSide} position's ${lotsText(inst, held)} ${inst.baseCoin}`);
    return lots;
  }

  private store(s: SimStrategyOrder): void {
    this.all.set(s.orderId, s);
    let ids = this.byUid.get(s.uid);
    if (!ids) this.byUid.set(s.uid, (ids = []));
    ids.push(s.orderId);
    let open = this.openBySymbol.get(s.inst.symbol);
    if (!open) this.openBySymbol.set(s.inst.symbol, (open = new Set()));
    open.add(s);
    if (s.presetOf !== undefined) this.byPresetOrder.set(s.presetOf, s);
  }

  private finish(s: SimStrategyOrder, status: 'success' | 'failed' | 'cancelled', triggerType: StrategyTriggerType | ''): void {
    if (s.type === 'tpsl' && s.tpslMode === 'full' && status === 'cancelled') s.lots = this.heldLots(s.uid, s.inst, s.posSide!);
    s.status = status;
    s.triggerType = triggerType;
    s.updatedTime = this.clock.now();
    // byPresetOrder keeps it: later fills of its order must not attach a second TP/SL.
    this.openBySymbol.get(s.inst.symbol)?.delete(s);
    this.changed(s);
  }
}

function first<T>(set: Set<T>): T | undefined {
  for (const v of set) return v;
  return undefined;
}
