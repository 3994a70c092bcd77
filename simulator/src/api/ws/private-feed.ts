// The private channels of spec 6.2, fed by the simulator's bus (bus/event-bus.ts):
// - order: no snapshot; one push per `order` event (every state change of spec 3.1), with
//   the fill's fields (tradeId, execPrice, execQty, ...) on the push a fill caused;
// - fill: one push per fill of the account (upstream-facts.md lists the topic);
// - account: the full assets view at subscription, then again whenever a balance changed
//   (coalesced per command) or, checked periodically, the valuation moved;
// - position: the non-zero positions at subscription, then each changed position as it
//   changes (a closed one once, with total "0"), and all open positions periodically with
//   the current mark price.
import type { OrderPushItem, PrivateArg } from '@contract/schemas/ws-private';
import type { Simulator } from '../../server';
import type { SimEventOf } from '../../bus/event-bus';
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

const argJson = (topic: PrivateTopic) => `{"instType":"UTA","topic":"${topic}"}`;

export function pushText(topic: PrivateTopic, action: 'snapshot' | 'update', data: unknown[], ts: number): string {
  return `{"arg":${argJson(topic)},"action":"${action}","data":${JSON.stringify(data)},"ts":${ts}}`;
}

export class PrivateFeed {
  private readonly subs: Record<PrivateTopic, Map<number, Set<PrivateSubscriber>>> = {
    order: new Map(),
    account: new Map(),
    position: new Map(),
    fill: new Map(),
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
    private readonly sim: Pick<Simulator, 'bus' | 'clock' | 'views' | 'positions'>,
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
          byKey.set(`${e.position.symbol}|${e.position.posSide}`, e.position);
          this.queueFlush();
        },
        (uid) => this.has('position', uid),
      ),
      bus.on('mark', (e) => this.markedSymbols.add(e.symbol)),
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
      const text = JSON.stringify(this.sim.views.assets(s.uid));
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
    if (this.has('fill', e.uid)) this.send('fill', e.uid, pushText('fill', 'update', [{ ...f, tradeId: e.tradeId }], e.ts));
  }

  private onOrder(e: SimEventOf<'order'>): void {
    const fill = this.fillOf.get(e.order.orderId);
    if (fill) this.fillOf.delete(e.order.orderId);
    if (!this.has('order', e.uid)) return;
    this.send('order', e.uid, pushText('order', 'update', [fill ? { ...e.order, ...fill } : e.order], e.ts));
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
    const text = JSON.stringify(this.sim.views.assets(uid));
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
    return this.sim.positions.openOf(uid).map((p) => this.sim.positions.record(p));
  }
}
