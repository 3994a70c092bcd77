// Open positions (issue 7, part 1), live from the position channel (snapshot, then
// updates and periodic mark prices) over GET current-position, each closable from its row.
import { Fragment, useState } from 'react';
import type { Position } from '@contract/schemas/account';
import { positionKey } from '@web/lib/account-data/private-pushes';
import { usePositions, useSettings } from '@web/lib/account-data/account-queries';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { formatDecimal, formatSigned } from '@web/lib/format/format-decimal';
import { useInstruments } from '@web/lib/instruments/instruments-query';
import { ClosePositionForm } from './close-position-form';
import { pnlPercent } from './pnl-percent';
import { PageFrame } from '@web/components/page-frame';
import { ScrollRegion } from '@web/components/scroll-region';

const headers = ['Symbol', 'Side', 'Size', 'Avg price', 'Mark price', 'Unrealised PnL', 'PnL %', 'Liq. price', 'Leverage', 'Margin', 'Close'];

export function PositionsPage() {
  useAccountChannels();
  const positions = usePositions();
  const settings = useSettings();
  const instruments = useInstruments();
  const [closing, setClosing] = useState<string | null>(null);
  const list = positions.data?.list ?? [];
  const metaOf = (p: Position) => instruments.data?.find((m) => m.symbol === p.symbol && m.category === p.category);
  const hedgeOf = (p: Position) => (settings.data?.holdMode ?? p.holdMode) === 'hedge_mode';

  return (
    <PageFrame title="Positions" reads={[{ what: 'Positions', error: positions.error }]}>
      <ScrollRegion label="Positions" className="rounded-md border border-line bg-panel p-2">
        <table aria-label="Positions" className="tabular w-full text-xs">
          <thead className="text-left text-muted">
            <tr>
              {headers.map((h, i) => (
                <th key={h} scope="col" className={`px-2 py-1 font-medium ${i >= 2 && i <= 9 ? 'text-right' : ''}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.length === 0 && (
              <tr>
                <td colSpan={headers.length} className="px-2 py-3 text-muted">
                  {positions.isPending ? 'Loading…' : 'No open positions.'}
                </td>
              </tr>
            )}
            {list.map((p) => {
              const key = positionKey(p);
              const meta = metaOf(p);
              const pnlClass = p.unrealisedPnl.startsWith('-') ? 'text-sell' : /[1-9]/.test(p.unrealisedPnl) ? 'text-buy' : '';
              return (
                <Fragment key={key}>
                  <tr aria-label={`Position ${p.symbol} ${p.posSide}`} className="border-t border-line/40">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {p.symbol}
                    </th>
                    <td className={`px-2 py-1 ${p.posSide === 'short' ? 'text-sell' : 'text-buy'}`}>{p.posSide}</td>
                    <td className="px-2 py-1 text-right">{formatDecimal(p.total, { group: false })}</td>
                    <td className="px-2 py-1 text-right">{formatDecimal(p.avgPrice)}</td>
                    <td className="px-2 py-1 text-right">{formatDecimal(p.markPrice)}</td>
                    <td className={`px-2 py-1 text-right ${pnlClass}`}>{formatSigned(p.unrealisedPnl)}</td>
                    <td className={`px-2 py-1 text-right ${pnlClass}`}>{pnlPercent(p.unrealisedPnl, p.positionBalance, p.profitRate)}</td>
                    <td className="px-2 py-1 text-right">{/[1-9]/.test(p.liquidationPrice) ? formatDecimal(p.liquidationPrice) : '—'}</td>
                    <td className="px-2 py-1 text-right">{p.leverage}x</td>
                    <td className="px-2 py-1 text-right">
                      {formatDecimal(p.positionBalance)} {p.marginCoin}
                    </td>
                    <td className="px-2 py-1">
                      <button
                        type="button"
                        aria-expanded={closing === key}
                        disabled={!meta}
                        onClick={() => setClosing(closing === key ? null : key)}
                        className="rounded border border-line px-2 py-0.5 hover:bg-raised disabled:opacity-50"
                      >
                        Close {p.symbol} {p.posSide}
                      </button>
                    </td>
                  </tr>
                  {closing === key && meta && (
                    <tr>
                      <td colSpan={headers.length} className="bg-raised px-2 py-2">
                        <ClosePositionForm position={p} meta={meta} hedge={hedgeOf(p)} onDone={() => setClosing(null)} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </PageFrame>
  );
}

export default PositionsPage;
