// Balance and position of the market on screen, live from the account and position
// channels (and refetched after fills), so a fill shows without a reload.
import { coinScaleOnMarket } from '@web/lib/format/market-format';
import { formatDecimal, formatSigned } from '@web/lib/format/format-decimal';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useAssets, usePositions } from '../api/trade-api';

export function AccountSummary({ meta }: { meta: InstrumentMeta }) {
  const assets = useAssets();
  const positions = usePositions();
  const coins = [meta.baseCoin, meta.quoteCoin];
  const rows = assets.data?.assets.filter((a) => coins.includes(a.coin)) ?? [];
  const mine = positions.data?.list.filter((p) => p.symbol === meta.symbol && p.category === meta.category) ?? [];
  return (
    <section aria-labelledby="account-summary-title" className="rounded-md border border-line bg-panel p-3 text-xs tabular">
      <h2 id="account-summary-title" className="mb-1 text-sm font-semibold">
        Balance and position
      </h2>
      {assets.isError && <p role="alert" className="text-sell">Balances could not be loaded: {assets.error.message}</p>}
      <table aria-label="Balances" className="w-full">
        <thead className="text-left text-muted">
          <tr>
            <th scope="col">Coin</th>
            <th scope="col" className="text-right">Available</th>
            <th scope="col" className="text-right">Locked</th>
          </tr>
        </thead>
        <tbody>
          {coins.map((coin) => {
            const a = rows.find((r) => r.coin === coin);
            return (
              <tr key={coin} aria-label={`Balance ${coin}`}>
                <th scope="row" className="text-left font-normal">
                  {coin}
                </th>
                <td className="text-right whitespace-nowrap" aria-label={`${coin} available`}>
                  {formatDecimal(a?.available ?? (assets.isPending ? '' : '0'), { scale: coinScaleOnMarket(meta, coin) })}
                </td>
                <td className="text-right whitespace-nowrap">{formatDecimal(a?.locked ?? '', { scale: coinScaleOnMarket(meta, coin) })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {meta.category === 'usdt-futures' && (
        <table aria-label="Position" className="mt-2 w-full">
          <thead className="text-left text-muted">
            <tr>
              <th scope="col">Side</th>
              <th scope="col" className="text-right">Size</th>
              <th scope="col" className="text-right">Avg price</th>
              <th scope="col" className="text-right">uPnL</th>
            </tr>
          </thead>
          <tbody>
            {mine.length === 0 && (
              <tr>
                <td colSpan={4} className="text-muted">
                  No position.
                </td>
              </tr>
            )}
            {mine.map((p) => (
              <tr key={p.posSide} aria-label={`Position ${p.posSide}`}>
                <td>{p.posSide}</td>
                <td className="text-right">{formatDecimal(p.total, { scale: meta.sizeScale, group: false })}</td>
                <td className="text-right">{formatDecimal(p.avgPrice, { scale: meta.priceScale })}</td>
                <td className={`text-right ${p.unrealisedPnl.startsWith('-') ? 'text-sell' : 'text-buy'}`}>{formatSigned(p.unrealisedPnl, { scale: coinScaleOnMarket(meta, p.marginCoin) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
