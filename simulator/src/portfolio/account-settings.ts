// Account configuration of spec 2.9 and 4.5: hold mode (refused while positions or pending
// orders exist, spec 7 rule 7) and leverage per futures symbol or per margin coin (there is
// no global leverage; cross margin only).
import type { z } from 'zod';
import type { settings, SetLeverageRequest } from '@contract/schemas/account';
import type { EventBus } from '../bus/event-bus';
import type { Clock } from '@contract/core/clock';
import type { InstrumentRegistry } from '../instruments/instrument-registry';
import { money } from '../core/money';
import { paramError, SimError } from '../core/sim-error';
import type { OrderService } from '../trading/order-service';
import type { PositionBook } from '../trading/position-book';
import type { HoldMode } from '@contract/schemas/common';
import { DEFAULT_FUTURES_LEVERAGE, DEFAULT_MARGIN_LEVERAGE, type AccountStore } from '../accounts/account-store';

export type SettingsInput = z.input<typeof settings>;

export class AccountSettings {
  constructor(
    private readonly accounts: AccountStore,
    private readonly instruments: InstrumentRegistry,
    private readonly orders: OrderService,
    private readonly positions: PositionBook,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  view(uid: number): SettingsInput {
    const a = this.accounts.get(uid);
    const futures = this.instruments.all.filter((i) => i.category === 'usdt-futures');
    const marginCoins = [...new Set(this.instruments.all.filter((i) => i.category === 'margin').flatMap((i) => [i.baseCoin, i.quoteCoin]))];
    // account.md names the level (basic, advanced, ...) `accountLevel`; the seed calls it the
    // account mode. Both are sent; the contract reads accountMode. A variable, so the return
    // type's excess-property check lets the extra field through.
    const view = {
      uid: String(uid),
      accountMode: a.accountMode,
      accountLevel: a.accountMode,
      assetMode: a.accountMode === 'advanced' ? 'union' : 'single',
      holdMode: a.holdMode,
      stpMode: a.stpMode,
      symbolConfigList: futures.map((i) => ({
        category: 'USDT-FUTURES',
        symbol: i.symbol,
        marginMode: 'crossed',
        leverage: a.symbolLeverage.get(i.symbol) ?? DEFAULT_FUTURES_LEVERAGE,
      })),
      coinConfigList: marginCoins.map((coin) => ({ coin, leverage: a.coinLeverage.get(coin) ?? DEFAULT_MARGIN_LEVERAGE })),
    };
    return view;
  }

  setHoldMode(uid: number, holdMode: HoldMode): void {
    const a = this.accounts.get(uid);
    if (this.positions.openOf(uid).length > 0) throw new SimError('25010', { detail: 'close the open positions first' });
    if (this.orders.pendingOf(uid).length > 0) throw new SimError('25010', { detail: 'cancel the pending orders first' });
    a.holdMode = holdMode;
    this.bus.emit({ type: 'settings', uid, ts: this.clock.now(), change: 'holdMode' });
  }

  setLeverage(uid: number, req: SetLeverageRequest): void {
    const a = this.accounts.get(uid);
    const product = req.productType ?? req.category;
    // Cross margin only, as for orders: an isolated leverage would be a setting nothing reads.
    if (req.marginMode === 'isolated') throw paramError('marginMode', 'isolated margin is not offered by this simulator; use crossed');
    if (product === 'margin') {
      if (a.accountMode !== 'advanced') throw new SimError('25240', { field: `${a.accountMode} account mode (margin)` });
      const inst = this.instruments.all.find((i) => i.category === 'margin' && (i.baseCoin === req.coin || i.quoteCoin === req.coin));
      if (!inst || req.coin === undefined) throw new SimError('25100', { field: `${req.coin ?? ''} (margin)` });
      this.checkRange(req.leverage, inst.minLever ?? '1', inst.maxLever ?? '1');
      a.coinLeverage.set(req.coin, normalise(req.leverage));
    } else if (product === 'usdt-futures') {
      const inst = this.instruments.get('usdt-futures', req.symbol ?? '');
      this.checkRange(req.leverage, inst.minLever ?? '1', inst.maxLever ?? '1');
      const before = a.symbolLeverage.get(inst.symbol);
      a.symbolLeverage.set(inst.symbol, normalise(req.leverage));
      // Lower leverage needs more margin for the open positions: refuse if it isn't there.
      if (this.accounts.available(uid, 'USDT') < 0n) {
        if (before === undefined) a.symbolLeverage.delete(inst.symbol);
        else a.symbolLeverage.set(inst.symbol, before);
        throw new SimError('25203');
      }
      this.positions.emitFor(uid, inst.symbol);
      this.accounts.changed(uid, 'USDT');
    } else {
      throw new SimError('25100', { field: `${req.symbol ?? req.coin ?? ''} (${product ?? ''})` });
    }
    this.bus.emit({ type: 'settings', uid, ts: this.clock.now(), change: 'leverage' });
  }

  private checkRange(leverage: string, min: string, max: string): void {
    const v = money(leverage);
    if (v > money(max)) throw new SimError('25223', { detail: max });
    if (v < money(min)) throw paramError('leverage', `must be at least ${min}, got ${leverage}`);
  }
}

function normalise(leverage: string): string {
  return leverage.replace(/^0+(?=\d)/, '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}
