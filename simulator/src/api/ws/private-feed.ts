// The private channels of spec 6.2, fed by the simulator's bus (bus/event-bus.ts), in the
// shapes websocket.md documents (the seed shows none of their fields):
// - order: no snapshot; one push per `order` event (every state change of spec 3.1), the
//   order as the channel documents it; in the seed dialect also with the fill's fields
//   (tradeId, execPrice, execQty, ...) on the push a fill caused (spec 3.1: "push with
//   fill-related fields");
// - fill: one push per fill of the account (execId, execLinkId, execTime, isRPI, ...);
// - account: totalEquity, unrealisedPnL and a `coin` list with borrow and debts, at
//   subscription, then again whenever a balance changed (coalesced per command) or,
//   checked periodically, the valuation moved;
// - position: size, marginSize, liqPrice, marginRate, totalFundingFee, ... for the
//   non-zero positions at subscription, then each changed position as it changes (a closed
//   one once, with size "0" and positionStatus "ended"), and all open positions
//   periodically with the current mark price;
// - strategy-order: no snapshot at subscription; one push per strategy order placed,
//   modified, fired or cancelled (websocket.md "Strategy Order Channel").
import type { OrderPushItem, PrivateArg } from '@contract/schemas/ws-private';
import type { Simulator } from '../simulator-parts';
import type { PositionRecordInput, SimEventOf } from '../../bus/event-bus';
import type { AccountViews } from '../../portfolio/account-views';
import type { DepthTimers } from './depth-hub';

export type PrivateTopic = PrivateArg['topic'];

export interface PrivateSubscriber {
  readonly uid: number;
  send(text: string): void;
}

type FillFields = Pick<OrderPushItem, 'tradeId' | 'execPrice' | 'execQty' | 'execValue' | 'tradeScope' | 'fee' | 'feeCoin'>;

export interface PrivateFeedOptions {
  positionIntervalMs: number;
  accountIntervalMs: number;
  timers: DepthTimers;
}

// websocket.md's strategy-order arg names its one symbol, `default` (all symbols).
const argJson = (topic: PrivateTopic) => `{"instType":"UTA","topic":"${topic}"${topic === 'strategy-order' ? ',"symbol":"default"' : ''}}`;

export function pushText(topic: PrivateTopic, action: 'snapshot' | 'update', data: unknown[], ts: number): string {
  return `{"arg":${argJson(topic)},"action":"${action}","data":${JSON.stringify(data)},"ts":${ts}}`;
}

export class PrivateFeed {
  private readonly subs: Record<PrivateTopic, Map<number, Set<PrivateSubscriber>>> = {
    order: new Map(),
    account: new Map(),
    position: new Map(),
    fill: new Map(),
    'strategy-order': new Map(),
  };
  /** The fill an order's next `order` event reports (the bus emits `fill` first). */
  private readonly fillOf = new Map<string, FillFields>();
  private readonly accountDirty = new Set<number>();
  private readonly lastAccountText = new Map<number, string>();
  private readonly positionDirty = new Map<number, Map<string, unknown>>();
  private readonly markedSymbols = new Set<string>();
  private flushQueued = false;
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly sim: Pick<Simulator, 'bus' | 'clock' | 'views' | 'positions' | 'dialect'>,
    options: PrivateFeedOptions,
  ) {
    const bus = sim.bus;
    // Only the accounts somebody subscribed to: the bus then builds no events for the rest.
    // A fill is held for its order's event (emitted right after it in the same command), so
    // both are taken for the same accounts.
    const ordersOrFills = (uid: number) => this.has('order', uid) || this.has('fill', uid);
    this.stops.push(
      bus.on('fill', (e) => this.onFill(e), ordersOrFills),
      bus.on('order', (e) => this.onOrder(e), ordersOrFills),
      bus.on(
        'balance',
        (e) => {
          this.accountDirty.add(e.uid);
          this.queueFlush();
        },
        (uid) => this.has('account', uid),
      ),
      bus.on(
        'position',
        (e) => {
          let byKey = this.positionDirty.get(e.uid);
          if (!byKey) this.positionDirty.set(e.uid, (byKey = new Map()));
          byKey.set(`${e.position.symbol}|${e.position.posSide}`, positionPushItem(e.position));
          this.queueFlush();
        },
        (uid) => this.has('position', uid),
      ),
      bus.on('mark', (e) => this.markedSymbols.add(e.symbol)),
      // websocket.md: no push at subscription; one for each strategy order placed, changed or cancelled.
      bus.on('strategy-order', (e) => this.send('strategy-order', e.uid, pushText('strategy-order', 'snapshot', [e.push], e.ts)), (uid) => this.has('strategy-order', uid)),
      options.timers.every(options.positionIntervalMs, () => this.pushMarks()),
      options.timers.every(options.accountIntervalMs, () => this.pushValuations()),
    );
  }

  subscribe(topic: PrivateTopic, s: PrivateSubscriber): void {
    const now = this.sim.clock.now();
    // Earlier subscribers of the account first catch up, so all hold the same "last sent".
    if (topic === 'account') this.pushAccount(s.uid, now);
    let set = this.subs[topic].get(s.uid);
    if (!set) this.subs[topic].set(s.uid, (set = new Set()));
    set.add(s);
    if (topic === 'account') {
      const text = JSON.stringify(accountPushItem(this.sim.views, s.uid));
      this.lastAccountText.set(s.uid, text);
      s.send(`{"arg":${argJson('account')},"action":"snapshot","data":[${text}],"ts":${now}}`);
    } else if (topic === 'position') {
      s.send(pushText('position', 'snapshot', this.openPositions(s.uid), now));
    }
  }

  unsubscribe(topic: PrivateTopic, s: PrivateSubscriber): boolean {
    const set = this.subs[topic].get(s.uid);
    const removed = set?.delete(s) ?? false;
    if (set && set.size === 0) this.subs[topic].delete(s.uid);
    return removed;
  }

  drop(s: PrivateSubscriber): void {
    for (const topic of Object.keys(this.subs) as PrivateTopic[]) this.unsubscribe(topic, s);
  }

  close(): void {
    for (const stop of this.stops) stop();
  }

  private has(topic: PrivateTopic, uid: number): boolean {
    return this.subs[topic].has(uid);
  }

  private send(topic: PrivateTopic, uid: number, text: string): void {
    for (const s of this.subs[topic].get(uid) ?? []) s.send(text);
  }

  private onFill(e: SimEventOf<'fill'>): void {
    const f = e.fill;
    const fee = f.feeDetail[0];
    this.fillOf.set(f.orderId, {
      tradeId: e.tradeId,
      execPrice: f.execPrice,
      execQty: f.execQty,
      execValue: f.execValue,
      tradeScope: f.tradeScope,
      ...(fee ? { fee: fee.fee, feeCoin: fee.feeCoin } : {}),
    });
    if (!this.has('fill', e.uid)) return;
    const item = {
      category: f.category.toLowerCase(),
      orderId: f.orderId,
      clientOid: f.clientOid,
      execId: f.execId,
      // Both sides of one trade share it, as they share the seed's tradeId.
      execLinkId: e.tradeId,
      symbol: f.symbol,
      orderType: f.orderType,
      side: f.side,
      holdSide: e.holdSide,
      tradeSide: e.tradeSide,
      execPrice: f.execPrice,
      execQty: f.execQty,
      execValue: f.execValue,
      execPnl: f.execPnl,
      tradeScope: f.tradeScope,
      feeDetail: f.feeDetail,
      execTime: f.createdTime,
      updatedTime: f.updatedTime,
      isRPI: 'no',
      ...(this.sim.dialect === 'seed' ? { tradeId: e.tradeId, createdTime: f.createdTime } : {}),
    };
    this.send('fill', e.uid, pushText('fill', 'update', [item], e.ts));
  }

  private onOrder(e: SimEventOf<'order'>): void {
    const fill = this.fillOf.get(e.order.orderId);
    if (fill) this.fillOf.delete(e.order.orderId);
    if (!this.has('order', e.uid)) return;
    // The live docs' order push has no fill fields; the seed's carries them (spec 3.1).
    const item = fill && this.sim.dialect === 'seed' ? { ...e.push, ...fill } : e.push;
    this.send('order', e.uid, pushText('order', 'update', [item], e.ts));
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    // Bus listeners run inside a command; the views are read once it has finished.
    queueMicrotask(() => {
      this.flushQueued = false;
      const now = this.sim.clock.now();
      for (const uid of this.accountDirty) this.pushAccount(uid, now);
      this.accountDirty.clear();
      for (const [uid, byKey] of this.positionDirty) this.send('position', uid, pushText('position', 'update', [...byKey.values()], now));
      this.positionDirty.clear();
    });
  }

  private pushAccount(uid: number, now: number): void {
    if (!this.has('account', uid)) return;
    const text = JSON.stringify(accountPushItem(this.sim.views, uid));
    if (text === this.lastAccountText.get(uid)) return;
    this.lastAccountText.set(uid, text);
    this.send('account', uid, `{"arg":${argJson('account')},"action":"update","data":[${text}],"ts":${now}}`);
  }

  private pushValuations(): void {
    const now = this.sim.clock.now();
    for (const uid of this.subs.account.keys()) this.pushAccount(uid, now);
  }

  private pushMarks(): void {
    if (this.markedSymbols.size === 0) return;
    const now = this.sim.clock.now();
    for (const uid of this.subs.position.keys()) {
      const open = this.openPositions(uid).filter((p) => this.markedSymbols.has((p as { symbol: string }).symbol));
      if (open.length > 0) this.send('position', uid, pushText('position', 'update', open, now));
    }
    this.markedSymbols.clear();
  }

  private openPositions(uid: number): unknown[] {
    return this.sim.positions.openOf(uid).map((p) => positionPushItem(this.sim.positions.record(p)));
  }
}

/** The `account` push (websocket.md): the assets view under the channel's own names. */
export function accountPushItem(views: Pick<AccountViews, 'assets'>, uid: number) {
  const a = views.assets(uid);
  return {
    unrealisedPnL: a.unrealisedPnl,
    totalEquity: a.accountEquity,
    positionMgnRatio: a.positionMgnRatio,
    mmr: a.mmr,
    effEquity: a.effEquity,
    imr: a.imr,
    mgnRatio: a.mgnRatio,
    // Borrowing is not simulated: borrow and debts are what GET assets calls debt ("0").
    coin: a.assets.map((r) => ({
      debts: r.debt,
      balance: r.balance,
      available: r.available,
      borrow: '0',
      locked: r.locked,
      equity: r.equity,
      coin: r.coin,
      usdValue: r.usdValue,
    })),
  };
}

/** The `position` push (websocket.md): GET current-position's record under the channel's names. */
export function positionPushItem(p: PositionRecordInput) {
  const open = p.total !== '0';
  return {
    symbol: p.symbol,
    marginCoin: p.marginCoin,
    marginSize: p.positionBalance,
    marginMode: p.marginMode,
    posSide: p.posSide,
    holdMode: p.holdMode,
    positionStatus: open ? 'opening' : 'ended',
    size: p.total,
    available: p.available,
    frozen: p.frozen,
    avgPrice: p.avgPrice,
    leverage: p.leverage,
    curRealisedPnl: p.curRealisedPnl,
    unrealisedPnl: p.unrealisedPnl,
    liqPrice: p.liquidationPrice,
    mmr: p.mmr,
    marginRate: p.mmr,
    markPrice: p.markPrice,
    openFeeTotal: p.openFeeTotal,
    closeFeeTotal: p.closeFeeTotal,
    breakEvenPrice: p.breakEvenPrice,
    profitRate: p.profitRate,
    totalFundingFee: p.totalFunding,
    createdTime: p.createdTime,
    updatedTime: p.updatedTime,
  };
}
