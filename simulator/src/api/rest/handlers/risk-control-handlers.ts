// The one-click risk controls (trade.md): cancel every open order of a category or a
// symbol, close every futures position at market, and the dead-man's switch that cancels
// every open order of the account when it is not re-armed in time. Each reports per order
// what happened (orderId, clientOid, and code/msg when it failed).
import type { RiskControlItem } from '@contract/schemas/risk-controls';
import type { AccountStore } from '../../../accounts/account-store';
import { SimError } from '../../../core/sim-error';
import type { OrderService } from '../../../trading/order-service';
import type { PositionBook } from '../../../trading/position-book';
import { lotsText } from '../../../trading/sim-order';
import { accountOf, type HandlerRegistry } from '../handler-registry';

export interface SwitchTimers {
  set(cb: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: SwitchTimers = {
  set: (cb, ms) => {
    const t = setTimeout(cb, ms);
    // An armed switch must not keep a stopping simulator alive.
    t.unref?.();
    return t;
  },
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** What one attempt on one order came to: its ids, and the exchange's code and message when it failed. */
function attempt(orderId: string, clientOid: string, run: () => void): RiskControlItem {
  try {
    run();
    return { orderId, clientOid };
  } catch (e) {
    if (e instanceof SimError) return { orderId, clientOid, code: e.code, msg: e.message };
    throw e;
  }
}

/**
 * The dead-man's switch per account: armed for `countdown` seconds, re-armed by each call,
 * off with 0. At expiry every open order of the account is canceled (source `system`) and
 * the switch turns itself off, as the docs describe.
 */
export class DeadMansSwitch {
  private readonly armed = new Map<number, { handle: unknown; expiresAt: number }>();
  constructor(
    private readonly orders: OrderService,
    private readonly timers: SwitchTimers = realTimers,
    private readonly now: () => number = Date.now,
  ) {}

  arm(uid: number, seconds: number): void {
    this.disarm(uid);
    if (seconds === 0) return;
    const handle = this.timers.set(() => this.fire(uid), seconds * 1000);
    this.armed.set(uid, { handle, expiresAt: this.now() + seconds * 1000 });
  }

  /** When the switch of this account fires, or undefined when it is off. */
  expiresAt(uid: number): number | undefined {
    return this.armed.get(uid)?.expiresAt;
  }

  private disarm(uid: number): void {
    const a = this.armed.get(uid);
    if (a) this.timers.clear(a.handle);
    this.armed.delete(uid);
  }

  private fire(uid: number): RiskControlItem[] {
    this.armed.delete(uid);
    return this.orders.pendingOf(uid).map((o) => attempt(o.orderId, o.clientOid, () => this.orders.cancel(uid, { orderId: o.orderId }, 'system')));
  }
}

export function registerRiskControlHandlers(handlers: HandlerRegistry, deps: { orders: OrderService; positions: PositionBook; accounts: AccountStore; deadMan?: DeadMansSwitch }): DeadMansSwitch {
  const { orders, positions, accounts } = deps;
  const deadMan = deps.deadMan ?? new DeadMansSwitch(orders);

  handlers.set('cancelSymbolOrder', (req, ctx) => {
    const uid = accountOf(ctx).uid;
    const targets = orders.pendingOf(uid).filter((o) => o.inst.category === req.category && (req.symbol === undefined || o.inst.symbol === req.symbol));
    return { list: targets.map((o) => attempt(o.orderId, o.clientOid, () => orders.cancel(uid, { orderId: o.orderId }))) };
  });

  handlers.set('closePositions', (req, ctx) => {
    const uid = accountOf(ctx).uid;
    const hedge = accounts.get(uid).holdMode === 'hedge_mode';
    const open = positions.openOf(uid).filter((p) => p.inst.category === req.category && (req.symbol === undefined || p.inst.symbol === req.symbol) && (req.posSide === undefined || p.posSide === req.posSide));
    const list: RiskControlItem[] = [];
    for (const p of open) {
      // Lots already promised to pending close orders stay theirs; the rest closes at market.
      const lots = p.lots - orders.frozenLots(uid, p.inst.symbol, p.posSide);
      if (lots <= 0) continue;
      const side = p.posSide === 'long' ? 'sell' : 'buy';
      let placed: { orderId: string; clientOid: string } | undefined;
      const item = attempt('', '', () => {
        placed = orders.place(uid, { category: p.inst.category, symbol: p.inst.symbol, side, orderType: 'market', qty: lotsText(p.inst, lots), reduceOnly: 'yes', ...(hedge ? { posSide: p.posSide } : {}) });
      });
      list.push(placed ? { ...item, orderId: placed.orderId, clientOid: placed.clientOid } : item);
    }
    return { list };
  });

  handlers.set('countdownCancelAll', (req, ctx) => {
    deadMan.arm(accountOf(ctx).uid, Number(req.countdown));
    return 'success';
  });

  return deadMan;
}
