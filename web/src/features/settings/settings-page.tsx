// Account settings (issue 7, part 4): account and asset mode, self-trade prevention,
// hold mode, and leverage per futures symbol and per margin coin (spec 2.9, 4.5). A
// refusal shows the exchange's message and, in words, why.
import { useMemo } from 'react';
import { usePositions, useSettings } from '@web/lib/account-data/account-queries';
import { useUnfilledOrders } from '@web/lib/account-data/open-orders/unfilled-orders-query';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { useInstruments } from '@web/lib/instruments/instruments-query';
import { HoldModeControl } from './hold-mode-control';
import { LeverageTable } from './leverage-table';
import { NotificationSoundsControl } from './notification-sounds-control';
import { OrderConfirmationControl } from './order-confirmation-control';
import { PageFrame } from '@web/components/page-frame';

const accountModes: Record<string, string> = {
  spot: 'Spot mode: spot only, no margin and no futures.',
  basic: 'Basic mode: spot, USDT- and USDC-futures; USDT and USDC pairs share one margin.',
  advanced: 'Advanced mode: spot, margin and futures; all assets can serve as margin.',
};

const stpModes: Record<string, string> = {
  none: 'none: orders of the same account family may trade with each other.',
  cancel_maker: 'cancel_maker: the resting order is canceled, the incoming order kept (the default).',
  cancel_taker: 'cancel_taker: the incoming order is canceled, the resting order kept.',
  cancel_both: 'cancel_both: both orders are canceled.',
};

export function SettingsPage() {
  useAccountChannels();
  const settings = useSettings();
  const positions = usePositions();
  const orders = useUnfilledOrders();
  const instruments = useInstruments();
  const s = settings.data;
  const futures = useMemo(() => (instruments.data ?? []).filter((m) => m.category === 'usdt-futures'), [instruments.data]);
  const marginCoins = useMemo(() => {
    const coins = new Map<string, string | undefined>();
    for (const m of instruments.data ?? []) if (m.category === 'margin') coins.set(m.baseCoin, m.maxLeverage);
    return [...coins.entries()].map(([coin, maxLeverage]) => ({ coin, maxLeverage }));
  }, [instruments.data]);

  return (
    <PageFrame title="Account settings" className="max-w-4xl" reads={[{ what: 'Settings', error: settings.error }]}>
      <section aria-labelledby="settings-account" className="rounded-md border border-line bg-panel p-3 text-sm">
        <h2 id="settings-account" className="mb-2 font-semibold">
          Account
        </h2>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2">
          <dt className="text-muted">UID</dt>
          <dd aria-label="UID">{s?.uid ?? '…'}</dd>
          <dt className="text-muted">Account mode</dt>
          <dd aria-label="Account mode">
            <span className="font-medium">{s?.accountMode ?? '…'}</span>
            {s && <p className="text-xs text-muted">{accountModes[s.accountMode] ?? ''} The account mode is changed on the exchange’s website; the desk’s API catalog has no endpoint for it.</p>}
          </dd>
          <dt className="text-muted">Asset mode</dt>
          <dd aria-label="Asset mode">{s?.assetMode ?? '…'}</dd>
          <dt className="text-muted">Self-trade prevention</dt>
          <dd aria-label="Self-trade prevention mode">
            <span className="font-medium">{s?.stpMode ?? '…'}</span>
            {s && <p className="text-xs text-muted">{stpModes[s.stpMode]} It covers the parent account and all its sub-accounts; an order may name its own stpMode.</p>}
          </dd>
        </dl>
      </section>
      <OrderConfirmationControl />
      <NotificationSoundsControl />
      <HoldModeControl holdMode={s?.holdMode} positions={positions.data?.list ?? []} pending={orders.data?.list ?? []} />
      <LeverageTable
        title="Leverage per futures symbol"
        rows={futures.map((m) => ({
          key: m.symbol,
          name: m.symbol,
          maxLeverage: m.maxLeverage,
          current: s?.symbolConfigList.find((c) => c.symbol === m.symbol && c.category === 'usdt-futures')?.leverage,
          request: (leverage: string) => ({ category: 'USDT-FUTURES', symbol: m.symbol, leverage }),
        }))}
      />
      <LeverageTable
        title="Leverage per margin coin"
        rows={marginCoins.map(({ coin, maxLeverage }) => ({
          key: coin,
          name: coin,
          maxLeverage,
          current: s?.coinConfigList.find((c) => c.coin === coin)?.leverage,
          request: (leverage: string) => ({ category: 'MARGIN', coin, leverage }),
        }))}
      />
    </PageFrame>
  );
}

export default SettingsPage;
