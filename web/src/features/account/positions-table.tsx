// The open positions, live from the position channel (snapshot, then updates and periodic
// mark prices) over GET current-position, each closable from its row with market or limit
// and the remaining quantity prefilled (close-position-form.tsx). Shown whole on the
// Positions screen, and compact under the trade screen's chart (the app composes it there):
// the compact one keeps the columns a trader acts on, so the Close button stays in view.
import { Fragment, useState, type ReactNode } from 'react';
import type { Position } from '@contract/schemas/account';
import { futuresCategories } from '@contract/schemas/common';
import type { StrategyOrderRecord } from '@contract/schemas/strategy-orders';
import { ScrollRegion } from '@web/components/scroll-region';
import { TableHead } from '@web/components/table-head';
import { usePendingTpslOf, usePositions, useSettings } from '@web/lib/account-data/account-queries';
import { positionKey } from '@web/lib/account-data/private-pushes';
import { formatDecimal, formatSigned } from '@web/lib/format/format-decimal';
import { useMarketFormat } from '@web/lib/format/market-format';
import { ratioPercent } from '@web/lib/format/ratio-percent';
import { useInstruments } from '@web/lib/instruments/instruments-query';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useGranted } from '@web/lib/session/use-granted';
import { ClosePositionForm } from './close-position-form';
import { pnlPercent } from './pnl-percent';

interface Row {
  p: Position;
  meta: InstrumentMeta | undefined;
  tpsl: StrategyOrderRecord[];
  /** The display precision of the margin coin (PnL and margin are in it). */
  coinScale: number | undefined;
}

interface Column {
  header: string;
  right?: boolean;
  /** Shown in the compact table under the trade screen's chart. */
  compact?: boolean;
  cell(r: Row): ReactNode;
  className?(r: Row): string;
}

const pnlClass = (v: string) => (v.startsWith('-') ? 'text-sell' : /[1-9]/.test(v) ? 'text-buy' : '');
const price = (v: string, meta: InstrumentMeta | undefined) => (/[1-9]/.test(v) ? formatDecimal(v, { scale: meta?.priceScale }) : '—');

/** The position's pending TP and SL prices ("TP 70,000 · SL 60,000"), or a dash. */
function tpslText(orders: readonly StrategyOrderRecord[], meta: InstrumentMeta | undefined): string {
  const parts: string[] = [];
  for (const o of orders) {
    if (o.takeProfit) parts.push(`TP ${price(o.takeProfit, meta)}`);
    if (o.stopLoss) parts.push(`SL ${price(o.stopLoss, meta)}`);
  }
  return parts.length > 0 ? parts.join(' · ') : '—';
}

const columns: readonly Column[] = [
  { header: 'Side', compact: true, cell: (r) => r.p.posSide, className: (r) => (r.p.posSide === 'short' ? 'text-sell' : 'text-buy') },
  { header: 'Size', right: true, compact: true, cell: (r) => `${formatDecimal(r.p.total, { scale: r.meta?.sizeScale, group: false })} ${r.meta?.baseCoin ?? ''}` },
  { header: 'Entry price', right: true, compact: true, cell: (r) => price(r.p.avgPrice, r.meta) },
  { header: 'Mark price', right: true, compact: true, cell: (r) => price(r.p.markPrice, r.meta) },
  { header: 'Unrealised PnL', right: true, compact: true, cell: (r) => `${formatSigned(r.p.unrealisedPnl, { scale: r.coinScale })} ${r.p.marginCoin}`, className: (r) => pnlClass(r.p.unrealisedPnl) },
  { header: 'ROE', right: true, compact: true, cell: (r) => pnlPercent(r.p.unrealisedPnl, r.p.positionBalance, r.p.profitRate), className: (r) => pnlClass(r.p.unrealisedPnl) },
  { header: 'Realised PnL', right: true, cell: (r) => `${formatSigned(r.p.curRealisedPnl, { scale: r.coinScale })} ${r.p.marginCoin}`, className: (r) => pnlClass(r.p.curRealisedPnl) },
  { header: 'Liq. price', right: true, compact: true, cell: (r) => price(r.p.liquidationPrice, r.meta) },
  { header: 'Maint. margin rate', right: true, cell: (r) => (/[1-9]/.test(r.p.mmr) ? ratioPercent(r.p.mmr) : '—') },
  { header: 'Leverage', right: true, cell: (r) => `${r.p.leverage}x` },
  { header: 'Margin', right: true, cell: (r) => `${formatDecimal(r.p.positionBalance, { scale: r.coinScale })} ${r.p.marginCoin}` },
  { header: 'TP/SL', compact: true, cell: (r) => tpslText(r.tpsl, r.meta) },
];

export function PositionsTable({ compact = false }: { compact?: boolean }) {
  const positions = usePositions();
  const settings = useSettings();
  const instruments = useInstruments();
  const fmt = useMarketFormat();
  const canSeeTpsl = useGranted('trade.read');
  // Only the futures categories the account holds positions in: one call each.
  const held = futuresCategories.filter((c) => canSeeTpsl && (positions.data?.list ?? []).some((p) => p.category === c));
  const strategies = usePendingTpslOf(held);
  const [closing, setClosing] = useState<string | null>(null);
  const shown = compact ? columns.filter((c) => c.compact) : columns;
  const rows: Row[] = (positions.data?.list ?? []).map((p) => ({
    p,
    meta: instruments.data?.find((m) => m.symbol === p.symbol && m.category === p.category),
    coinScale: fmt.coinScale(p.marginCoin),
    tpsl: strategies.filter((o) => o.category === p.category && o.symbol === p.symbol && o.posSide === p.posSide),
  }));
  const hedgeOf = (p: Position) => (settings.data?.holdMode ?? p.holdMode) === 'hedge_mode';
  const span = shown.length + 2;

  return (
    <ScrollRegion label="Positions" className={compact ? '' : 'rounded-md border border-line bg-panel p-2'}>
      <table aria-label="Positions" className="tabular w-full whitespace-nowrap text-xs">
        {/* Close comes right after the symbol: it stays in view however wide the table. */}
        <TableHead
          className="text-left text-muted"
          cellClassName="px-2 py-1 font-medium"
          columns={['Symbol', { label: 'Close', visuallyHidden: true }, ...shown.map((c) => ({ label: c.header, numeric: c.right === true }))]}
        />
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={span} className="px-2 py-3 text-muted">
                {positions.isPending ? 'Loading…' : positions.isError ? `Positions could not be loaded: ${positions.error.message}` : 'No open positions.'}
              </td>
            </tr>
          )}
          {rows.map((r) => {
            const key = positionKey(r.p);
            return (
              <Fragment key={key}>
                <tr aria-label={`Position ${r.p.symbol} ${r.p.posSide}`} className="border-t border-line/40">
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {r.p.symbol}
                  </th>
                  <td className="px-2 py-1">
                    <button
                      type="button"
                      aria-expanded={closing === key}
                      disabled={!r.meta}
                      onClick={() => setClosing(closing === key ? null : key)}
                      className="rounded border border-line px-2 py-0.5 hover:bg-raised disabled:opacity-50"
                    >
                      Close<span className="sr-only"> {r.p.symbol} {r.p.posSide}</span>
                    </button>
                  </td>
                  {shown.map((c) => (
                    <td key={c.header} aria-label={c.header} className={`px-2 py-1 ${c.right ? 'text-right' : ''} ${c.className?.(r) ?? ''}`}>
                      {c.cell(r)}
                    </td>
                  ))}
                </tr>
                {closing === key && r.meta && (
                  <tr>
                    <td colSpan={span} className="bg-raised px-2 py-2">
                      <ClosePositionForm position={r.p} meta={r.meta} hedge={hedgeOf(r.p)} onDone={() => setClosing(null)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
