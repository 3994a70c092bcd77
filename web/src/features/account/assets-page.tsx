// The unified account (issue 7, part 2): equity, unrealised PnL and margin ratios, and
// the per-coin balances, live from the account channel over GET assets; the funding
// account's balances; the max transferable amount of a coin, asked for on demand.
import { useId, useState, type ReactNode } from 'react';
import { useAssets, useFundingAssets, useMaxTransferable } from '@web/lib/account-data/account-queries';
import { useMarketFormat } from '@web/lib/format/market-format';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { formatDecimal, formatSigned } from '@web/lib/format/format-decimal';
import { ratioPercent } from '@web/lib/format/ratio-percent';
import { PageFrame } from '@web/components/page-frame';
import { ScrollRegion } from '@web/components/scroll-region';
import { TableHead, type TableColumn } from '@web/components/table-head';

export function AssetsPage() {
  useAccountChannels();
  const assets = useAssets();
  const funding = useFundingAssets();
  const fmt = useMarketFormat();
  const a = assets.data;
  const summary: [string, string][] = a
    ? [
        ['Account equity (USD)', formatDecimal(a.accountEquity, { scale: 2 })],
        ['USDT equity', formatDecimal(a.usdtEquity, { scale: 2 })],
        ['BTC equity', formatDecimal(a.btcEquity, { scale: 8 })],
        ['Effective equity (USD)', formatDecimal(a.effEquity, { scale: 2 })],
        ['Unrealised PnL', formatSigned(a.unrealisedPnl)],
        ['Initial margin (USD)', formatDecimal(a.imr, { scale: 2 })],
        ['Maintenance margin (USD)', formatDecimal(a.mmr, { scale: 2 })],
        ['Margin ratio', ratioPercent(a.mgnRatio)],
        ['Position margin ratio', ratioPercent(a.positionMgnRatio)],
      ]
    : [];

  return (
    <PageFrame title="Assets" reads={[{ what: 'Balances', error: assets.error }]}>
      <section aria-labelledby="assets-summary" className="rounded-md border border-line bg-panel p-3">
        <h2 id="assets-summary" className="mb-2 text-sm font-semibold">
          Unified account
        </h2>
        <dl className="tabular grid grid-cols-2 gap-x-6 gap-y-1 text-xs sm:grid-cols-3 lg:grid-cols-5">
          {summary.map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-muted">{label}</dt>
              <dd aria-label={label}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <BalanceTable title="Balances by coin" columns={['Coin', num('Equity'), num('Balance'), num('Available'), num('Locked'), num('Debt'), num('USD value'), num('Max transferable')]}>
        {(a?.assets ?? []).map((row) => (
          <tr key={row.coin} aria-label={`Balance ${row.coin}`} className="border-t border-line/40">
            <CoinCell coin={row.coin} />
            <td className="text-right">{fmt.coin(row.equity, row.coin)}</td>
            <td className="text-right">{fmt.coin(row.balance, row.coin)}</td>
            <td className="text-right">{fmt.coin(row.available, row.coin)}</td>
            <td className="text-right">{fmt.coin(row.locked, row.coin)}</td>
            <td className="text-right">{fmt.coin(row.debt, row.coin)}</td>
            <td className="text-right">{formatDecimal(row.usdValue, { scale: 2 })}</td>
            <td className="text-right">
              <MaxTransferable coin={row.coin} />
            </td>
          </tr>
        ))}
        {a && a.assets.length === 0 && (
          <tr>
            <td colSpan={8} className="py-2 text-muted">
              No balances.
            </td>
          </tr>
        )}
      </BalanceTable>
      <BalanceTable
        title="Funding account"
        tableLabel="Funding assets"
        problem={funding.isError ? `Funding balances could not be loaded: ${funding.error.message}` : undefined}
        columns={['Coin', num('Balance'), num('Available'), num('Frozen')]}
      >
        {(funding.data ?? []).map((row) => (
          <tr key={row.coin} aria-label={`Funding ${row.coin}`} className="border-t border-line/40">
            <CoinCell coin={row.coin} />
            <td className="text-right">{fmt.coin(row.balance, row.coin)}</td>
            <td className="text-right">{fmt.coin(row.available, row.coin)}</td>
            <td className="text-right">{fmt.coin(row.frozen, row.coin)}</td>
          </tr>
        ))}
      </BalanceTable>
    </PageFrame>
  );
}

const num = (label: string): TableColumn => ({ label, numeric: true });

/** One titled table of balances, a row a coin; `problem` says why its rows could not be loaded. */
function BalanceTable({ title, tableLabel = title, problem, columns, children }: { title: string; tableLabel?: string; problem?: string | undefined; columns: readonly TableColumn[]; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-md border border-line bg-panel p-3">
      <h2 id={id} className="mb-2 text-sm font-semibold">
        {title}
      </h2>
      {problem && (
        <p role="alert" className="text-xs text-sell">
          {problem}
        </p>
      )}
      <ScrollRegion label={tableLabel}>
        <table aria-label={tableLabel} className="tabular w-full text-xs [&_td]:whitespace-nowrap [&_td]:pl-3 [&_th]:whitespace-nowrap [&_th:not(:first-child)]:pl-3">
          <TableHead className="text-left text-muted" cellClassName="" columns={columns} />
          <tbody>{children}</tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

function CoinCell({ coin }: { coin: string }) {
  return (
    <th scope="row" className="py-1 text-left font-normal">
      {coin}
    </th>
  );
}

function MaxTransferable({ coin }: { coin: string }) {
  const [asked, setAsked] = useState(false);
  const q = useMaxTransferable(coin, asked);
  const fmt = useMarketFormat();
  if (!asked) {
    return (
      <button type="button" onClick={() => setAsked(true)} className="rounded border border-line px-2 py-0.5 hover:bg-raised">
        Show max transferable {coin}
      </button>
    );
  }
  if (q.isPending) return <span role="status">…</span>;
  if (q.isError)
    return (
      <span role="alert" className="text-sell">
        {q.error.message}
      </span>
    );
  return (
    <span aria-label={`Max transferable ${coin}`} title={`Including borrowing: ${q.data.borrowMaxTransfer}`}>
      {fmt.coin(q.data.maxTransfer, coin)}
    </span>
  );
}

export default AssetsPage;
