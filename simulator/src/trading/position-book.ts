// USDT-futures positions, cross margin only (spec 2.9). A position keeps its size in lots
// and its entry value (sum of price x quantity, money units) exactly; the average price,
// margin, PnL and liquidation price are derived from them.
//
// One-way mode holds at most one position per symbol, whose side flips when an order
// trades through zero; hedge mode holds a long and a short per symbol.
//
// Liquidation price (cross margin, a deliberately simple model): with maintenance margin
// rate m, position quantity q and entry value E, and `free` = the account's USDT balance
// minus order locks, plus the unrealised PnL and minus the maintenance margin of its other
// positions, the position is liquidated where equity equals maintenance margin:
//   long:  free + (X·q − E) = m·X·q   =>  X = (E − free) / (q·(1 − m))
//   short: free + (E − X·q) = m·X·q   =>  X = (E + free) / (q·(1 + m))
// A long whose X would be <= 0 cannot be liquidated and reports "0".
import type { AccountStore } from '../accounts/account-store';
import { DEFAULT_FUTURES_LEVERAGE } from '../accounts/account-store';
import type { EventBus, PositionRecordInput } from '../bus/event-bus';
import type { Clock } from '@contract/core/clock';
import type { Instrument } from '../instruments/instrument-registry';
import { fmtMoney, fmtMoneyAt, money, ONE } from '../core/money';

export type PosSide = 'long' | 'short';
export const MAINTENANCE_RATE = money('0.005');

export interface Position {
  uid: number;
  inst: Instrument;
  posSide: PosSide;
  lots: number;
  /** Sum of price x quantity of the open quantity, money units. */
  entryValue: bigint;
  realised: bigint;
  openFee: bigint;
  closeFee: bigint;
  createdTime: number;
  updatedTime: number;
}

export interface FillOutcome {
  openedLots: number;
  closedLots: number;
  /** Realised PnL of the closed part, before fees. */
  realised: bigint;
}

export class PositionBook {
  private readonly positions = new Map<string, Position>();
  /** Pending close-order lots per position (set by the order service). */
  frozenLotsOf: (uid: number, symbol: string, posSide: PosSide) => number = () => 0;
  /** The current mark price of a futures symbol, money units. */
  markOf: (symbol: string) => bigint = () => 0n;

  constructor(
    private readonly accounts: AccountStore,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  private key(uid: number, symbol: string, posSide: PosSide): string {
    return `${uid}|${symbol}|${posSide}`;
  }

  get(uid: number, symbol: string, posSide: PosSide): Position | undefined {
    return this.positions.get(this.key(uid, symbol, posSide));
  }

  /** Open (non-zero) positions of an account. */
  openOf(uid: number): Position[] {
    return [...this.positions.values()].filter((p) => p.uid === uid && p.lots > 0);
  }

  /** All open positions on a symbol (for mark-price pushes). */
  openOn(symbol: string): Position[] {
    return [...this.positions.values()].filter((p) => p.inst.symbol === symbol && p.lots > 0);
  }

  /** The one-way position of a symbol (either side), if open. */
  net(uid: number, symbol: string): Position | undefined {
    const long = this.get(uid, symbol, 'long');
    if (long && long.lots > 0) return long;
    const short = this.get(uid, symbol, 'short');
    return short && short.lots > 0 ? short : undefined;
  }

  leverageOf(uid: number, symbol: string): bigint {
    return money(this.accounts.get(uid).symbolLeverage.get(symbol) ?? DEFAULT_FUTURES_LEVERAGE);
  }

  /** Initial margin of one position: entry value / leverage, rounded up. */
  marginOf(p: Position): bigint {
    const lev = this.leverageOf(p.uid, p.inst.symbol);
    return (p.entryValue * ONE + lev - 1n) / lev;
  }

  marginInUse(uid: number): bigint {
    let sum = 0n;
    for (const p of this.openOf(uid)) sum += this.marginOf(p);
    return sum;
  }

  qtyMoney(p: Position): bigint {
    return BigInt(p.lots) * p.inst.lotMoney;
  }

  unrealised(p: Position): bigint {
    const markValue = (this.markOf(p.inst.symbol) * this.qtyMoney(p)) / ONE;
    return p.posSide === 'long' ? markValue - p.entryValue : p.entryValue - markValue;
  }

  /**
   * Applies one fill to the account's positions. `posSide` is the order's side in hedge
   * mode (undefined in one-way mode). Returns what was opened and closed and the realised PnL.
   */
  applyFill(uid: number, inst: Instrument, side: 'buy' | 'sell', posSide: PosSide | undefined, lots: number, price: bigint, now: number): FillOutcome {
    const direction: PosSide = side === 'buy' ? 'long' : 'short';
    let closeTarget: Position | undefined;
    if (posSide !== undefined) {
      // Hedge mode: buy long / sell short open; sell long / buy short close.
      if (posSide !== direction) closeTarget = this.get(uid, inst.symbol, posSide);
    } else {
      const net = this.net(uid, inst.symbol);
      if (net && net.posSide !== direction) closeTarget = net;
    }
    let closedLots = 0;
    let realised = 0n;
    if (closeTarget && closeTarget.lots > 0) {
      closedLots = Math.min(lots, closeTarget.lots);
      const closedEntry = (closeTarget.entryValue * BigInt(closedLots)) / BigInt(closeTarget.lots);
      const exitValue = (price * BigInt(closedLots) * inst.lotMoney) / ONE;
      realised = closeTarget.posSide === 'long' ? exitValue - closedEntry : closedEntry - exitValue;
      closeTarget.lots -= closedLots;
      closeTarget.entryValue = closeTarget.lots === 0 ? 0n : closeTarget.entryValue - closedEntry;
      closeTarget.realised += realised;
      closeTarget.updatedTime = now;
    }
    const openedLots = lots - closedLots;
    if (openedLots > 0) {
      // The fill's direction opens (in hedge mode, the excess of a close beyond the position,
      // never expected since close orders are capped, opens the other side: no lot is lost).
      const p = this.ensure(uid, inst, direction, now);
      p.lots += openedLots;
      p.entryValue += (price * BigInt(openedLots) * inst.lotMoney) / ONE;
      p.updatedTime = now;
    }
    return { openedLots, closedLots, realised };
  }

  /** Adds a fee to the position it belongs to (open or close fee). */
  chargeFee(uid: number, symbol: string, posSide: PosSide, fee: bigint, kind: 'open' | 'close'): void {
    const p = this.get(uid, symbol, posSide);
    if (!p) return;
    if (kind === 'open') p.openFee += fee;
    else p.closeFee += fee;
  }

  private ensure(uid: number, inst: Instrument, posSide: PosSide, now: number): Position {
    const k = this.key(uid, inst.symbol, posSide);
    let p = this.positions.get(k);
    if (!p || p.lots === 0) {
      p = { uid, inst, posSide, lots: 0, entryValue: 0n, realised: 0n, openFee: 0n, closeFee: 0n, createdTime: now, updatedTime: now };
      this.positions.set(k, p);
    }
    return p;
  }

  /** Emits a `position` event for every position of the account on the symbol that exists. */
  emitFor(uid: number, symbol: string): void {
    if (!this.bus.wants('position', uid)) return;
    for (const side of ['long', 'short'] as const) {
      const p = this.get(uid, symbol, side);
      if (p) this.bus.emit({ type: 'position', uid, ts: this.clock.now(), position: this.record(p) });
    }
  }

  liquidationPrice(p: Position): bigint {
    const b = this.accounts.coin(p.uid, 'USDT');
    let free = b.balance - b.locked;
    for (const other of this.openOf(p.uid)) {
      if (other === p) continue;
      const mm = (other.entryValue * MAINTENANCE_RATE) / ONE;
      free += this.unrealised(other) - mm;
    }
    const q = this.qtyMoney(p);
    if (q === 0n) return 0n;
    if (p.posSide === 'long') {
      const x = ((p.entryValue - free) * ONE * ONE) / (q * (ONE - MAINTENANCE_RATE));
      return x > 0n ? x : 0n;
    }
    return ((p.entryValue + free) * ONE * ONE) / (q * (ONE + MAINTENANCE_RATE));
  }

  record(p: Position): PositionRecordInput {
    const account = this.accounts.get(p.uid);
    const q = this.qtyMoney(p);
    const margin = this.marginOf(p);
    const upl = this.unrealised(p);
    const avg = q === 0n ? 0n : (p.entryValue * ONE) / q;
    const breakEven = q === 0n ? 0n : ((p.posSide === 'long' ? p.entryValue + p.openFee : p.entryValue - p.openFee) * ONE) / q;
    const frozen = Math.min(p.lots, this.frozenLotsOf(p.uid, p.inst.symbol, p.posSide));
    const lots = (n: number) => fmtMoneyAt(BigInt(n) * p.inst.lotMoney, p.inst.qtyScale);
    const priceText = (v: bigint) => fmtMoneyAt(v, p.inst.priceScale + 2);
    return {
      category: 'USDT-FUTURES',
      symbol: p.inst.symbol,
      marginCoin: 'USDT',
      holdMode: account.holdMode,
      posSide: p.posSide,
      marginMode: 'crossed',
      positionBalance: fmtMoney(margin),
      available: lots(p.lots - frozen),
      frozen: lots(frozen),
      total: lots(p.lots),
      leverage: account.symbolLeverage.get(p.inst.symbol) ?? DEFAULT_FUTURES_LEVERAGE,
      curRealisedPnl: fmtMoney(p.realised),
      avgPrice: priceText(avg),
      positionStatus: p.lots > 0 ? 'normal' : 'closed',
      unrealisedPnl: fmtMoney(upl),
      liquidationPrice: fmtMoneyAt(this.liquidationPrice(p), p.inst.priceScale),
      mmr: fmtMoney((p.entryValue * MAINTENANCE_RATE) / ONE),
      profitRate: margin === 0n ? '0' : fmtMoneyAt((upl * ONE) / margin, 6),
      markPrice: fmtMoneyAt(this.markOf(p.inst.symbol), p.inst.priceScale),
      breakEvenPrice: priceText(breakEven),
      totalFunding: '0',
      openFeeTotal: fmtMoney(p.openFee),
      closeFeeTotal: fmtMoney(p.closeFee),
      createdTime: String(p.createdTime),
      updatedTime: String(p.updatedTime),
    };
  }
}
