// The trading screen (issues 6 and 19): symbol picker, order book and tape, candle and
// depth charts, order form, risk controls, leverage and hold mode, and under the chart the
// open orders, TP/SL and batch entry with the positions, order history and fills the app
// composes in. Below lg one of book, chart and orders shows at a time, after the form. The
// page composes widgets; each widget's logic sits in its own hook.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { isOpenState } from '@contract/schemas/common';
import type { OrderRecord } from '@contract/schemas/orders';
import { usePositions, useUnfilledStrategyOrders } from '@web/lib/account-data/account-queries';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { useGranted } from '@web/lib/session/use-granted';
import type { OwnOrder } from '@web/lib/book/book-ladder';
import { useInstruments } from '@web/lib/instruments/instruments-query';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useConnectionStatus } from '@web/lib/ws/use-connection-status';
import { AccountSummary } from './account/account-summary';
import { LeverageControls } from './account/leverage-controls';
import { useUnfilledOrders } from './api/trade-api';
import { BatchEntry } from './batch/batch-entry';
import { DepthChart } from './charts/depth-chart';
import { CandleChart, type ChartPriceLine } from './charts/candle-chart';
import { TickerStrip } from './market/ticker-strip';
import { TradesTape } from './market/trades-tape';
import { openOrderCounts } from './open-orders/open-order-filter';
import { OpenOrdersPanel } from './open-orders/open-orders-panel';
import { OrderForm } from './order-form/order-form';
import { OrderBookPanel } from './order-book/order-book-panel';
import { useBookPipeline } from './order-book/use-book-pipeline';
import { RiskControlsPanel } from './risk-controls/risk-controls-panel';
import { StrategyOrdersPanel } from './strategy-orders/strategy-orders-panel';
import { strategyCategoryFor } from './strategy-orders/use-strategy-orders';
import { SymbolPicker } from './symbol-picker/symbol-picker';
import { tradeUiStore } from './trade-ui-store';
import { queryView } from '@web/lib/api/query-view';

/** Panels of other features the app composes under the chart (features never import each other). */
export interface ComposedPanels {
  /** The account's positions. */
  positions?: ReactNode;
  /** The order history and the fills. */
  history?: ReactNode;
  fills?: ReactNode;
}

export function TradePage({ panels = {} }: { panels?: ComposedPanels } = {}) {
  useAccountChannels();
  const instruments = useInstruments();
  const key = useStore(tradeUiStore, (s) => s.instrument);
  const setInstrument = useStore(tradeUiStore, (s) => s.setInstrument);
  const list = useMemo(() => instruments.data ?? [], [instruments.data]);
  const meta = list.find((m) => m.category === key.category && m.symbol === key.symbol) ?? list.find((m) => m.category === 'spot') ?? list[0];

  const view = queryView(instruments);
  if (view.kind === 'loading') {
    return (
      <p role="status" className="p-4 text-muted">
        Loading markets…
      </p>
    );
  }
  // A failed refresh keeps the screen (queryView): the order being typed survives a reconnect.
  if (view.kind === 'error' || !meta) {
    return (
      <div role="alert" className="p-4">
        <p className="font-semibold">The markets could not be loaded.</p>
        <p className="text-sm text-muted">{view.kind === 'error' ? view.error.message : 'No instrument is tradable.'}</p>
        <button type="button" className="mt-2 underline" onClick={() => void instruments.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  return <TradeScreen meta={meta} instruments={list} panels={panels} onPick={(m) => setInstrument({ category: m.category, symbol: m.symbol })} />;
}

export default TradePage;

function TradeScreen({ meta, instruments, panels, onPick }: { meta: InstrumentMeta; instruments: readonly InstrumentMeta[]; panels: ComposedPanels; onPick(m: InstrumentMeta): void }) {
  const pipeline = useBookPipeline(meta);
  const orders = useUnfilledOrders();
  const pickPrice = useStore(tradeUiStore, (s) => s.pickPrice);
  const [tab, setTab] = useState<PanelTab>('orders');
  const [pane, setPane] = useState<NarrowPane>('book');
  // Each pick asks the order form to take focus (issue 19: focus used to fall to the page).
  const [formFocus, setFormFocus] = useState(0);
  const pick = (m: InstrumentMeta) => {
    onPick(m);
    setFormFocus((n) => n + 1);
  };
  const own: OwnOrder[] = useMemo(
    () => (orders.data?.list ?? []).filter((o) => o.symbol === meta.symbol && o.category === meta.category && isOpenState(o.state) && o.orderType === 'limit').map((o) => ({ side: o.side, price: o.price })),
    [orders.data, meta.symbol, meta.category],
  );
  const counts = useMemo(() => openOrderCounts(orders.data?.list ?? [], meta), [orders.data, meta]);
  const canSeeAccount = useGranted('account.read');
  const positions = usePositions();
  const openPositions = (positions.data?.list ?? []).filter((p) => /[1-9]/.test(p.total)).length;
  const signedIn = useGranted('trade.read');
  const strategyCategory = strategyCategoryFor(meta);
  const metaOfSymbol = useCallback((o: { symbol: string; category?: string | undefined }) => instruments.find((m) => m.symbol === o.symbol && m.category === (o.category ?? strategyCategory)), [instruments, strategyCategory]);
  const strategies = useUnfilledStrategyOrders(signedIn ? strategyCategory : null);
  const tpslCount = strategies.data?.length ?? 0;
  // The chart's price lines: each open limit order, and the entry of each position on this market.
  const priceLines: ChartPriceLine[] = useMemo(() => {
    const lines: ChartPriceLine[] = own.map((o) => ({ price: o.price, title: o.side === 'buy' ? 'Buy order' : 'Sell order', kind: o.side }));
    if (meta.category === 'usdt-futures' && canSeeAccount) {
      for (const p of positions.data?.list ?? []) {
        if (p.symbol === meta.symbol && p.category === meta.category) lines.push({ price: p.avgPrice, title: `${p.posSide} entry`, kind: 'entry' });
      }
      // Where each pending TP/SL of this market would fire.
      for (const o of strategies.data ?? []) {
        if (o.symbol !== meta.symbol) continue;
        if (o.takeProfit) lines.push({ price: o.takeProfit, title: `${o.posSide} TP`, kind: 'buy' });
        if (o.stopLoss) lines.push({ price: o.stopLoss, title: `${o.posSide} SL`, kind: 'sell' });
      }
    }
    return lines;
  }, [own, positions.data, strategies.data, meta, canSeeAccount]);
  const metaOf = useCallback((o: OrderRecord) => instruments.find((m) => m.symbol === o.symbol && m.category === o.category), [instruments]);

  return (
    <div className="flex flex-col gap-2 p-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="sr-only">Trade</h1>
        <SymbolPicker instruments={instruments} current={meta} onPick={pick} />
        <MarketConnection />
      </div>
      <TickerStrip meta={meta} />
      <div className="grid gap-2 lg:grid-cols-[minmax(260px,280px)_minmax(0,1fr)_minmax(260px,280px)]">
        {/* Below lg the form comes first, then one of book, chart and orders at a time (issue 19, Layout). */}
        <div role="tablist" aria-label="Market panels" className="grid grid-cols-3 gap-1 lg:hidden">
          {narrowPanes.map((p) => (
            <button key={p} type="button" role="tab" aria-selected={pane === p} onClick={() => setPane(p)} className={`rounded border border-line py-1.5 text-sm ${pane === p ? 'bg-raised font-semibold' : 'text-muted'}`}>
              {paneLabels[p]}
            </button>
          ))}
        </div>
        <div className={`${pane === 'book' ? 'flex' : 'hidden'} min-w-0 flex-col gap-2 lg:flex`}>
          <OrderBookPanel meta={meta} pipeline={pipeline} ownOrders={own} onPickPrice={pickPrice} />
          <TradesTape meta={meta} signedIn={signedIn} />
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <section aria-label="Charts" className={`${pane === 'chart' ? 'grid' : 'hidden'} gap-2 rounded-md border border-line bg-panel p-2 lg:grid xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]`}>
            <div className="h-80">
              <CandleChart meta={meta} priceLines={priceLines} />
            </div>
            <div className="h-80">
              <DepthChart pipeline={pipeline} meta={meta} />
            </div>
          </section>
          <section aria-label="Orders" className={`${pane === 'orders' ? 'block' : 'hidden'} rounded-md border border-line bg-panel p-2 lg:block`}>
            <div role="tablist" aria-label="Order panels" className="mb-2 flex flex-wrap gap-1">
              <PanelTabButton tab="orders" current={tab} onPick={setTab}>
                Open orders ({counts.all}
                <span className="sr-only"> in all markets, {counts.market} on {meta.symbol}</span>)
              </PanelTabButton>
              {panels.positions && canSeeAccount && (
                <PanelTabButton tab="positions" current={tab} onPick={setTab}>
                  Positions ({openPositions})
                </PanelTabButton>
              )}
              {signedIn && (
                <PanelTabButton tab="tpsl" current={tab} onPick={setTab}>
                  TP/SL ({tpslCount})
                </PanelTabButton>
              )}
              {panels.history && signedIn && (
                <PanelTabButton tab="history" current={tab} onPick={setTab}>
                  Order history
                </PanelTabButton>
              )}
              {panels.fills && signedIn && (
                <PanelTabButton tab="fills" current={tab} onPick={setTab}>
                  Fills
                </PanelTabButton>
              )}
              <PanelTabButton tab="batch" current={tab} onPick={setTab}>
                Batch entry
              </PanelTabButton>
            </div>
            <div role="tabpanel" aria-label={panelLabels[tab]}>
              {tab === 'orders' && <OpenOrdersPanel metaOf={metaOf} current={meta} />}
              {tab === 'positions' && panels.positions}
              {tab === 'history' && panels.history}
              {tab === 'fills' && panels.fills}
              {tab === 'tpsl' && <StrategyOrdersPanel meta={meta} metaOf={metaOfSymbol} />}
              {tab === 'batch' && <BatchEntry meta={meta} />}
            </div>
          </section>
        </div>
        {/* Below the lg breakpoint the columns stack: the order form comes first (issue 19: at 390 px it was 1,466 px down). */}
        <div className="order-first flex flex-col gap-2 lg:order-none">
          <OrderForm meta={meta} book={pipeline} focusRequest={formFocus} />
          <AccountSummary meta={meta} />
          <RiskControlsPanel meta={meta} />
          <LeverageControls meta={meta} />
        </div>
      </div>
    </div>
  );
}

type NarrowPane = 'book' | 'chart' | 'orders';
const narrowPanes: readonly NarrowPane[] = ['book', 'chart', 'orders'];
const paneLabels: Record<NarrowPane, string> = { book: 'Book', chart: 'Chart', orders: 'Orders' };

type PanelTab = 'orders' | 'positions' | 'tpsl' | 'history' | 'fills' | 'batch';
const panelLabels: Record<PanelTab, string> = { orders: 'Open orders', positions: 'Positions', tpsl: 'TP/SL', history: 'Order history', fills: 'Fills', batch: 'Batch entry' };

function PanelTabButton({ tab, current, onPick, children }: { tab: PanelTab; current: PanelTab; onPick(tab: PanelTab): void; children: ReactNode }) {
  return (
    <button type="button" role="tab" aria-selected={tab === current} onClick={() => onPick(tab)} className={`rounded px-2 py-1 text-sm ${tab === current ? 'bg-raised font-semibold' : 'text-muted'}`}>
      {children}
    </button>
  );
}

/** The shell shows the overall connection; here it is said again next to the market data it affects. */
function MarketConnection() {
  const status = useConnectionStatus();
  if (status === 'connected' || status === 'idle') return null;
  return (
    <p role="status" aria-label={`Market data ${status}`} className="rounded bg-warn/20 px-2 py-0.5 text-xs text-warn">
      Market data {status}: what you see may be out of date.
    </p>
  );
}
