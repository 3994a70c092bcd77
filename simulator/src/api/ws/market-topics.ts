// The public market topics beside the depth channels (issue 18; websocket.md):
// - `ticker`: a snapshot at subscription, then one whenever it changed, at most every
//   250 ms (spot 200-300 ms; futures 300-400 ms: we use 350 ms there);
// - `kline` (with interval): the current candle at subscription, then once a second while
//   it changes, and the new candle when its interval turns;
// - `publicTrade`: the latest trades at subscription, then every trade as it happens.
// A malformed arg is refused with 30016 naming the field; an unknown instrument with 30001.
import type { TradedCategory } from '@contract/schemas/common';
import { candleStart, marketTopicArg, marketTopics, type MarketTopicArg } from '@contract/schemas/market';
import { check } from '@contract/core/validation';
import type { Instrument, InstrumentRegistry } from '../../instruments/instrument-registry';
import type { PublicMarket, PublicTrade } from '../../market/public-market';
import { lotsText, ticksText } from '../../trading/sim-order';
import type { DepthTimers } from './depth-hub';
import type { WsSession } from './ws-session';

const SPOT_TICKER_MS = 250;
const FUTURES_TICKER_MS = 350;
const KLINE_MS = 1_000;
const TRADE_SNAPSHOT = 50;

export function isMarketTopic(topic: unknown): boolean {
  return typeof topic === 'string' && (marketTopics as readonly string[]).includes(topic);
}

interface Subscription {
  readonly arg: MarketTopicArg;
  readonly argJson: string;
  readonly inst: Instrument;
  readonly sessions: Set<WsSession>;
  /** The last data sent (ticker, kline), to push only changes. */
  last: string;
}

export class MarketTopicHub {
  private readonly subs = new Map<string, Subscription>();
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly market: PublicMarket,
    private readonly instruments: InstrumentRegistry,
    timers: DepthTimers,
  ) {
    this.stops.push(timers.every(SPOT_TICKER_MS, () => this.pushTickers('spot')));
    this.stops.push(timers.every(FUTURES_TICKER_MS, () => this.pushTickers('usdt-futures')));
    this.stops.push(timers.every(KLINE_MS, () => this.pushKlines()));
    this.stops.push(market.onTrades((inst, trades) => this.pushTrades(inst, trades)));
  }

  handle(session: WsSession, op: 'subscribe' | 'unsubscribe', raw: unknown): void {
    const checked = check(marketTopicArg, raw);
    if (!checked.ok) {
      session.sendError('30016', { arg: raw, msg: `Parameter error: ${checked.field}: ${checked.message}` });
      return;
    }
    const arg = checked.data;
    const argJson = JSON.stringify(raw);
    const key = keyOf(arg);
    if (op === 'unsubscribe') {
      const sub = this.subs.get(key);
      if (sub?.sessions.delete(session)) {
        if (sub.sessions.size === 0) this.subs.delete(key);
        session.send(`{"event":"unsubscribe","arg":${argJson}}`);
      } else session.sendError('30010', { arg });
      return;
    }
    const inst = this.instruments.find(arg.instType as TradedCategory, arg.symbol);
    if (!inst) {
      session.sendError('30001', { arg: raw, msg: `Channel does not exist: no ${arg.instType} instrument ${arg.symbol}` });
      return;
    }
    let sub = this.subs.get(key);
    if (!sub) {
      sub = { arg, argJson, inst, sessions: new Set(), last: '' };
      this.subs.set(key, sub);
    }
    sub.sessions.add(session);
    session.send(`{"event":"subscribe","arg":${argJson},"connId":"${session.connId}"}`);
    const snapshot = this.snapshotData(sub);
    session.send(push(sub, 'snapshot', snapshot, this.market.now()));
  }

  drop(session: WsSession): void {
    for (const [key, sub] of this.subs) {
      if (sub.sessions.delete(session) && sub.sessions.size === 0) this.subs.delete(key);
    }
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.subs.clear();
  }

  private snapshotData(sub: Subscription): string {
    const { inst, arg } = sub;
    if (arg.topic === 'ticker') return (sub.last = JSON.stringify([this.market.ticker(inst.category, inst.symbol)]));
    if (arg.topic === 'kline') return (sub.last = JSON.stringify(this.currentCandle(sub)));
    const trades = this.market.recentTrades(inst.category, inst.symbol, TRADE_SNAPSHOT);
    return JSON.stringify(trades.map((t) => tradeItem(inst, t)));
  }

  private currentCandle(sub: Subscription): object[] {
    if (sub.arg.topic !== 'kline') return [];
    const { inst } = sub;
    const now = this.market.now();
    const start = candleStart(now, sub.arg.interval);
    const [row] = this.market.candleRows(inst.category, inst.symbol, sub.arg.interval, start, now, 1);
    if (!row) return [];
    const [s, open, high, low, close, volume, turnover] = row;
    return [{ start: s, open, high, low, close, volume, turnover }];
  }

  private pushTickers(category: 'spot' | 'usdt-futures'): void {
    for (const sub of this.subs.values()) {
      if (sub.arg.topic !== 'ticker' || (sub.inst.category === 'usdt-futures') !== (category === 'usdt-futures')) continue;
      const data = JSON.stringify([this.market.ticker(sub.inst.category, sub.inst.symbol)]);
      if (data === sub.last) continue;
      sub.last = data;
      this.send(sub, push(sub, 'snapshot', data, this.market.now()));
    }
  }

  private pushKlines(): void {
    for (const sub of this.subs.values()) {
      if (sub.arg.topic !== 'kline') continue;
      const candle = this.currentCandle(sub);
      const data = JSON.stringify(candle);
      if (candle.length === 0 || data === sub.last) continue;
      sub.last = data;
      this.send(sub, push(sub, 'update', data, this.market.now()));
    }
  }

  private pushTrades(inst: Instrument, trades: readonly PublicTrade[]): void {
    for (const sub of this.subs.values()) {
      if (sub.arg.topic !== 'publicTrade' || sub.inst.bookKey !== inst.bookKey) continue;
      this.send(sub, push(sub, 'update', JSON.stringify(trades.map((t) => tradeItem(sub.inst, t))), this.market.now()));
    }
  }

  private send(sub: Subscription, text: string): void {
    for (const session of sub.sessions) session.send(text);
  }
}

function keyOf(arg: MarketTopicArg): string {
  return `${arg.instType}|${arg.topic}|${arg.symbol}|${arg.topic === 'kline' ? arg.interval : ''}`;
}

function push(sub: Subscription, action: 'snapshot' | 'update', data: string, ts: number): string {
  return `{"action":"${action}","arg":${sub.argJson},"data":${data},"ts":${ts}}`;
}

function tradeItem(inst: Instrument, t: PublicTrade): object {
  return { i: t.id, L: t.id, p: ticksText(inst, t.priceTicks), v: lotsText(inst, t.lots), S: t.side, T: String(t.ts), isRPI: 'no' };
}

