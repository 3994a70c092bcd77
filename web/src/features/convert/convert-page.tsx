// Small-balance conversion (issue 8.4, spec 4.4 and 2.5): the convertible small balances
// from the account's assets, chosen and confirmed, converted in one call; the order IDs
// per coin and the refreshed balances follow.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@contract/catalog/endpoints';
import { Button } from '@web/components/button';
import { PageFrame } from '@web/components/page-frame';
import { Panel } from '@web/components/panel';
import { describeError } from '@web/lib/api/describe-error';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { endpointQueryKey, useEndpointQuery } from '@web/lib/api/endpoint-query';
import { formatDecimal } from '@web/lib/format/format-decimal';
import { usePermissionGate } from '@web/lib/session/use-granted';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { smallBalanceRule, smallBalances } from './small-balances';
import { TableHead } from '@web/components/table-head';

type Step = { kind: 'choose' } | { kind: 'confirm'; coins: string[] } | { kind: 'sending'; coins: string[] };

export default function ConvertPage() {
  const account = useCurrentAccount();
  const readGate = usePermissionGate('account.read', 'read balances');
  const convertGate = usePermissionGate('convert.write', 'convert');
  const canConvert = convertGate.granted;
  const client = useQueryClient();
  const assets = useEndpointQuery(endpoints.assets, {}, { enabled: readGate.granted });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [result, setResult] = useState<{ orderList: { coin: string; orderId: string }[] } | null>(null);
  const [error, setError] = useState('');

  const small = assets.data ? smallBalances(assets.data.assets) : [];
  const chosen = small.filter((b) => selected.has(b.coin)).map((b) => b.coin);

  const toggle = (coin: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(coin)) next.delete(coin);
      else next.add(coin);
      return next;
    });

  const convert = async (coins: string[]) => {
    setStep({ kind: 'sending', coins });
    setError('');
    try {
      const r = await callEndpoint(endpoints.nativeConvert, { coinList: coins }, { account: account ?? undefined });
      setResult(r);
      setSelected(new Set());
    } catch (e) {
      setError(`Nothing was converted: ${describeError(e)}`);
    } finally {
      setStep({ kind: 'choose' });
      await client.invalidateQueries({ queryKey: endpointQueryKey(endpoints.assets, account) });
    }
  };

  return (
    <PageFrame title="Convert">
      <Panel title="Small-balance conversion">
        <p className="text-sm text-muted" data-testid="small-balance-rule">
          {smallBalanceRule}
        </p>
        {readGate.reason && <p className="mt-2 text-sm text-muted">{readGate.reason}.</p>}
        {assets.isError && (
          <p role="alert" className="mt-2 text-sm text-sell">
            Could not read the balances: {describeError(assets.error)}
          </p>
        )}
        {assets.isSuccess && small.length === 0 && <p className="mt-2 text-sm text-muted">Account {account} has no small balances to convert.</p>}
        {small.length > 0 && (
          <fieldset className="mt-3" disabled={step.kind !== 'choose'}>
            <legend className="text-sm font-semibold">Convertible small balances of {account}</legend>
            <table aria-label="Small balances" className="mt-1 w-full text-left text-sm">
              <TableHead className="text-xs text-muted" columns={['Convert', 'Coin', 'Available', 'Worth (USD)']} />
              <tbody>
                {small.map((b) => (
                  <tr key={b.coin} className="border-t border-line">
                    <td className="px-2 py-1">
                      <input type="checkbox" aria-label={`Convert ${b.coin}`} checked={selected.has(b.coin)} onChange={() => toggle(b.coin)} />
                    </td>
                    <td className="px-2 py-1">{b.coin}</td>
                    <td className="px-2 py-1 tabular-nums">{formatDecimal(b.available, { trim: true })}</td>
                    <td className="px-2 py-1 tabular-nums">{formatDecimal(b.usdValue, { scale: 4 })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </fieldset>
        )}
        {small.length > 0 && step.kind === 'choose' && (
          <div className="mt-2 flex items-center gap-2">
            <Button variant="primary" disabled={!canConvert || chosen.length === 0} title={convertGate.reason} onClick={() => setStep({ kind: 'confirm', coins: chosen })}>
              Convert {chosen.length} selected
            </Button>
            {convertGate.reason && <span className="text-sm text-muted">{convertGate.reason}.</span>}
          </div>
        )}
        {step.kind !== 'choose' && (
          <div role="alertdialog" aria-label="Confirm conversion" className="mt-2 flex flex-wrap items-center gap-2 rounded border border-line p-2 text-sm">
            <span>
              Convert the whole available {step.coins.join(', ')} of {account} into the platform token? This cannot be undone.
            </span>
            <Button variant="primary" disabled={step.kind === 'sending'} onClick={() => void convert(step.coins)}>
              {step.kind === 'sending' ? 'Converting…' : 'Confirm conversion'}
            </Button>
            <Button disabled={step.kind === 'sending'} onClick={() => setStep({ kind: 'choose' })}>
              Cancel
            </Button>
          </div>
        )}
        {error && (
          <p role="alert" className="mt-2 text-sm text-sell">
            {error}
          </p>
        )}
        {result && (
          <table aria-label="Conversion orders" className="mt-3 w-full text-left text-sm">
            <caption className="text-left text-sm font-semibold text-buy">Converted {result.orderList.length} coins</caption>
            <TableHead className="text-xs text-muted" columns={['Coin', 'Order ID']} />
            <tbody>
              {result.orderList.map((o) => (
                <tr key={o.orderId} className="border-t border-line">
                  <td className="px-2 py-1">{o.coin}</td>
                  <td className="px-2 py-1 font-mono">{o.orderId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      {assets.data && (
        <Panel title="Balances">
          <table aria-label="Balances" className="w-full text-left text-sm">
            <TableHead className="text-xs text-muted" columns={['Coin', 'Balance', 'Available', 'USD value']} />
            <tbody>
              {assets.data.assets.map((a) => (
                <tr key={a.coin} data-coin={a.coin} className="border-t border-line">
                  <td className="px-2 py-1">{a.coin}</td>
                  <td className="px-2 py-1 tabular-nums">{formatDecimal(a.balance, { trim: true })}</td>
                  <td className="px-2 py-1 tabular-nums">{formatDecimal(a.available, { trim: true })}</td>
                  <td className="px-2 py-1 tabular-nums">{formatDecimal(a.usdValue, { scale: 2 })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
      )}
    </PageFrame>
  );
}
