// The broker's sub-accounts: searchable, virtualized (only the rows in view are rendered),
// with the last setting this desk applied beside each (the exchange has no read-back of
// the auto-transfer setting, so that column can only say what this desk did). Any number
// of rows can be selected and given one setting in a single job.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import type { BrokerSubaccount } from '@contract/schemas/broker-subaccounts';
import type { DeskSetting } from '@contract/schemas/broker-jobs';
import type { AutoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/select-field';
import { describeError } from '@web/lib/api/describe-error';
import { accountTypeOptions } from './account-type-labels';
import type { SubaccountDirectory } from './use-subaccounts';

const ROW_HEIGHT = 32;
const COLUMNS = '2.5rem 7rem minmax(8rem,1fr) 6rem minmax(14rem,1.4fr)';
type AccountType = AutoTransferRequest['toAccountType'];

/** A UID, label or status fragment; or a UID range "3100001-3101050" (both ends included). */
export function matchesSearch(sub: BrokerSubaccount, query: string): boolean {
  const q = query.trim().toLowerCase();
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(q);
  if (range) {
    const uid = BigInt(sub.subUid);
    return uid >= BigInt(range[1]!) && uid <= BigInt(range[2]!);
  }
  return q === '' || sub.subUid.includes(q) || sub.label.toLowerCase().includes(q) || sub.status === q;
}

/** "USDT → usdt-futures, 2026-11-23 22:40:01" for each coin this desk set on the sub-account. */
function deskSettingText(settings: readonly DeskSetting[] | undefined): string {
  if (!settings || settings.length === 0) return 'none set by this desk';
  return settings.map((s) => `${s.coin} → ${s.toAccountType}, ${new Date(s.setAt).toLocaleString()}`).join('; ');
}

export function SubaccountList({
  directory,
  settings,
  canWrite,
  denied,
  onApply,
}: {
  directory: SubaccountDirectory;
  settings: readonly DeskSetting[];
  canWrite: boolean;
  denied: string;
  onApply: (subUids: string[], coin: string, toAccountType: AccountType) => Promise<void>;
}) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [coin, setCoin] = useState('USDT');
  const [toAccountType, setToAccountType] = useState<AccountType>('usdt-futures');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const searchId = useId();
  const coinId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);

  const shown = useMemo(() => directory.subs.filter((s) => matchesSearch(s, query)), [directory.subs, query]);
  const bySub = useMemo(() => {
    const m = new Map<string, DeskSetting[]>();
    for (const s of settings) m.set(s.subUid, [...(m.get(s.subUid) ?? []), s]);
    return m;
  }, [settings]);
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });

  const selectable = (s: BrokerSubaccount) => s.status === 'normal';
  const toggle = (uid: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });

  const apply = async () => {
    setMessage(null);
    const c = coin.trim().toUpperCase();
    if (!/^[A-Z0-9]{1,12}$/.test(c)) {
      setMessage({ ok: false, text: 'Coin: must be a coin such as USDT' });
      return;
    }
    setBusy(true);
    try {
      await onApply([...selected], c, toAccountType);
      setMessage({ ok: true, text: `Job created for ${selected.size} sub-accounts: deposits of ${c} go to ${toAccountType}. Follow it under Jobs.` });
      setSelected(new Set());
    } catch (e) {
      setMessage({ ok: false, text: `Not created: ${describeError(e)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm text-muted" data-testid="subaccount-count">
        {directory.error
          ? `The sub-account list stopped at ${directory.subs.length}: ${directory.error}`
          : directory.complete
            ? `${directory.subs.length} sub-accounts`
            : `Loading sub-accounts (the exchange allows 1 page a second): ${directory.subs.length} so far…`}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-xs text-muted">
            Search sub-accounts
          </label>
          <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="UID, label, status, or a UID range a-b" className="w-64 max-w-full rounded border border-line bg-surface px-2 py-1 text-sm text-fg" />
        </div>
        <Button onClick={() => setSelected(new Set([...selected, ...shown.filter(selectable).map((s) => s.subUid)]))}>Select all shown ({shown.filter(selectable).length})</Button>
        <Button onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
          Clear selection
        </Button>
      </div>

      <div role="table" aria-label="Sub-accounts" aria-rowcount={shown.length + 1} className="overflow-x-auto text-xs">
        <div role="rowgroup" className="min-w-max">
          <div role="row" className="grid border-b border-line text-muted" style={{ gridTemplateColumns: COLUMNS }}>
            {['Select', 'UID', 'Label', 'Status', 'Last setting (set by this desk; the exchange has no read-back)'].map((h) => (
              <div key={h} role="columnheader" className="px-2 py-1 font-medium">
                {h}
              </div>
            ))}
          </div>
        </div>
        <div ref={scrollRef} role="rowgroup" className="min-w-max overflow-y-auto" style={{ height: Math.min(420, Math.max(1, shown.length) * ROW_HEIGHT + 2) }}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const s = shown[item.index]!;
              const isSelected = selected.has(s.subUid);
              return (
                <div
                  key={s.subUid}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={isSelected}
                  className={`absolute left-0 grid w-full items-center border-b border-line ${isSelected ? 'bg-raised' : ''}`}
                  style={{ gridTemplateColumns: COLUMNS, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  <div role="cell" className="px-2">
                    <input type="checkbox" aria-label={`Select ${s.subUid}`} checked={isSelected} disabled={!selectable(s)} onChange={() => toggle(s.subUid)} />
                  </div>
                  <div role="cell" className="px-2 font-mono tabular-nums">
                    {s.subUid}
                  </div>
                  <div role="cell" className="truncate px-2">
                    {s.label}
                  </div>
                  <div role="cell" className={`px-2 ${s.status === 'normal' ? '' : 'text-sell'}`}>
                    {s.status === 'freeze' ? 'frozen' : s.status === 'del' ? 'deleted' : 'normal'}
                  </div>
                  <div role="cell" className="truncate px-2 text-muted" title={deskSettingText(bySub.get(s.subUid))}>
                    {deskSettingText(bySub.get(s.subUid))}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>

      <form
        aria-label="Set auto-transfer for the selection"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={coinId} className="text-xs text-muted">
            Coin
          </label>
          <input id={coinId} value={coin} onChange={(e) => setCoin(e.target.value)} className="w-24 rounded border border-line bg-surface px-2 py-1 text-sm text-fg" />
        </div>
        <SelectField compact label="Destination account type" value={toAccountType} onChange={(e) => setToAccountType(e.target.value as AccountType)} options={accountTypeOptions} />
        <Button type="submit" variant="primary" disabled={!canWrite || selected.size === 0 || busy} title={canWrite ? undefined : denied}>
          Set auto-transfer for {selected.size} selected
        </Button>
        {!canWrite && <span className="text-sm text-muted">{denied}</span>}
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-buy' : 'text-sell'}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
