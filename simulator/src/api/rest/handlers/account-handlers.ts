// Account endpoints of spec 4.5: settings, hold mode, leverage, assets, funding assets,
// max-open-available, max-transferable, financial records (spec 4.6 pagination) and
// current positions.
import type { AccountSettings } from '../../../portfolio/account-settings';
import type { AccountStore } from '../../../accounts/account-store';
import type { AccountViews } from '../../../portfolio/account-views';
import { cursorPage, reversed } from '../../../trading/cursor-page';
import type { PositionBook } from '../../../trading/position-book';
import { accountOf, type HandlerRegistry } from '../handler-registry';

export interface AccountHandlerDeps {
  accounts: AccountStore;
  settings: AccountSettings;
  views: AccountViews;
  positions: PositionBook;
}

export function registerAccountHandlers(handlers: HandlerRegistry, deps: AccountHandlerDeps): void {
  const { accounts, settings, views, positions } = deps;
  handlers.set('settings', (_q, ctx) => settings.view(accountOf(ctx).uid));
  handlers.set('setHoldMode', (req, ctx) => {
    settings.setHoldMode(accountOf(ctx).uid, req.holdMode);
    return 'success';
  });
  handlers.set('setLeverage', (req, ctx) => {
    settings.setLeverage(accountOf(ctx).uid, req);
    return 'success';
  });
  handlers.set('assets', (_q, ctx) => views.assets(accountOf(ctx).uid));
  handlers.set('fundingAssets', (q, ctx) => views.fundingAssets(accountOf(ctx).uid, q.coin));
  handlers.set('maxOpenAvailable', (req, ctx) => views.maxOpen(accountOf(ctx).uid, req));
  handlers.set('maxTransferable', (q, ctx) => views.maxTransferable(accountOf(ctx).uid, q.coin, q.subUid));
  handlers.set('financialRecords', (q, ctx) => {
    const uid = accountOf(ctx).uid;
    const category = q.category?.toUpperCase();
    return cursorPage(
      reversed(accounts.get(uid).financialRecords),
      (r) => r.id,
      (r) => Number(r.ts),
      q,
      (r) => (category === undefined || r.category === category) && (q.coin === undefined || r.coin === q.coin) && (q.type === undefined || r.type === q.type),
    );
  });
  handlers.set('currentPosition', (q, ctx) => {
    const uid = accountOf(ctx).uid;
    if (q.category !== undefined && q.category !== 'usdt-futures') return { list: [] };
    const list = positions
      .openOf(uid)
      .filter((p) => (q.symbol === undefined || p.inst.symbol === q.symbol) && (q.posSide === undefined || p.posSide === q.posSide))
      .map((p) => positions.record(p));
    return { list };
  });
}
