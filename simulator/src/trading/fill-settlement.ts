// What one fill does to money and positions (spec 3.1, spec 4.6), apart from the order's
// state: the order service decides states, this moves the coins.
// - Spot and margin: the buyer's locked quote pays the value and the rest of its lock for
//   those lots is released; the seller's locked base is spent. Fees are paid in the coin
//   received.
// - Futures: the order's lock is released pro rata, the position takes the fill (opening
//   or closing, realising PnL), and the fee is paid in USDT.
// Every fill is recorded (the fills list of its account) and announced on the bus.
import type { Clock } from '@contract/core/clock';
import type { AccountStore } from '../accounts/account-store';
import { IdSequence } from '../accounts/id-sequence';
import type { EventBus, FillRecordInput } from '../bus/event-bus';
import { fmtMoney, ONE } from '../core/money';
import { categoryLabel } from '../instruments/instrument-registry';
import { valueOf } from './order-checks';
import type { PositionBook, PosSide } from './position-book';
import { lotsText, ticksText, type SimOrder } from './sim-order';

export class FillSettlement {
  /** Every fill of an account, oldest first. */
  readonly fills = new Map<number, FillRecordInput[]>();
  private readonly execIds = new IdSequence();

  constructor(
    private readonly accounts: AccountStore,
    private readonly positions: PositionBook,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    /** Told of every position a fill changed (the order service pushes them after the command). */
    private readonly positionTouched: (uid: number, symbol: string) => void,
  ) {}

  /**
   * One side of a fill: moves the money (and the position, on futures), records the fill
   * and announces it. Answers whether the order is now filled in whole; the order's state
   * is the order service's to change.
   */
  settle(o: SimOrder, role: 'maker' | 'taker', priceTicks: number, lots: number, tradeId: string): boolean {
    const inst = o.inst;
    const now = this.clock.now();
    const qty = BigInt(lots) * inst.lotMoney;
    const price = BigInt(priceTicks) * inst.tickMoney;
    const value = (price * qty) / ONE;
    const rate = role === 'maker' ? inst.makerRate : inst.takerRate;
    const label = categoryLabel(inst.category);
    const why = { category: label, symbol: inst.symbol, type: 'TRADE' };
    let fee: bigint;
    let feeCoin: string;
    let pnl = 0n;
    let closing = false;
    if (inst.category !== 'usdt-futures') {
      if (o.side === 'buy') {
        const held = o.quoteBudget !== undefined ? value : valueOf(inst, o.priceTicks, lots);
        this.accounts.spendLocked(o.uid, inst.quoteCoin, value, why);
        this.accounts.unlock(o.uid, inst.quoteCoin, held - value);
        o.lockRemaining -= held;
        fee = (qty * rate) / ONE;
        feeCoin = inst.baseCoin;
        this.accounts.credit(o.uid, inst.baseCoin, qty - fee, { ...why, fee });
      } else {
        this.accounts.spendLocked(o.uid, inst.baseCoin, qty, why);
        o.lockRemaining -= qty;
        fee = (value * rate) / ONE;
        feeCoin = inst.quoteCoin;
        this.accounts.credit(o.uid, inst.quoteCoin, value - fee, { ...why, fee });
      }
    } else {
      const open = o.lots - o.filledLots;
      const release = lots >= open ? o.lockRemaining : (o.lockRemaining * BigInt(lots)) / BigInt(open);
      this.accounts.unlock(o.uid, 'USDT', release);
      o.lockRemaining -= release;
      const outcome = this.positions.applyFill(o.uid, inst, o.side, o.posSide, lots, price, now);
      fee = (value * rate) / ONE;
      feeCoin = 'USDT';
      pnl = outcome.realised;
      closing = outcome.closedLots > 0;
      this.accounts.credit(o.uid, 'USDT', outcome.realised - fee, { ...why, fee });
      const feeSide: PosSide = outcome.closedLots > 0 ? (o.side === 'buy' ? 'short' : 'long') : o.side === 'buy' ? 'long' : 'short';
      this.positions.chargeFee(o.uid, inst.symbol, o.posSide ?? feeSide, fee, outcome.closedLots > 0 ? 'close' : 'open');
      this.positionTouched(o.uid, inst.symbol);
      this.positions.emitFor(o.uid, inst.symbol);
      this.accounts.changed(o.uid, 'USDT');
    }
    o.filledLots += lots;
    o.execValue += value;
    o.fees.set(feeCoin, (o.fees.get(feeCoin) ?? 0n) + fee);
    o.updatedTime = now;
    const fill: FillRecordInput = {
      execId: this.execIds.next(),
      // The trade both sides share, as the public tape's execution id (issue 18).
      execLinkId: tradeId,
      orderId: o.orderId,
      clientOid: o.clientOid,
      category: label,
      symbol: inst.symbol,
      orderType: o.orderType,
      side: o.side,
      execPrice: ticksText(inst, priceTicks),
      execQty: lotsText(inst, lots),
      execValue: fmtMoney(value),
      feeDetail: [{ feeCoin, fee: fmtMoney(fee) }],
      tradeScope: role,
      execPnl: fmtMoney(pnl),
      createdTime: String(now),
      updatedTime: String(now),
    };
    let list = this.fills.get(o.uid);
    if (!list) this.fills.set(o.uid, (list = []));
    list.push(fill);
    if (this.bus.wants('fill', o.uid)) {
      const opened: PosSide = o.side === 'buy' ? 'long' : 'short';
      const holdSide = inst.category !== 'usdt-futures' ? '' : (o.closes ?? o.posSide ?? (closing ? (opened === 'long' ? 'short' : 'long') : opened));
      const tradeSide = inst.category !== 'usdt-futures' ? '' : closing ? 'close' : 'open';
      this.bus.emit({ type: 'fill', uid: o.uid, ts: now, tradeId, fill, holdSide, tradeSide });
    }
    return o.quoteBudget === undefined && o.filledLots === o.lots;
  }
}
