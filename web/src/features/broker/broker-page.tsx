// The broker screen (issue 8.1, issue 20): the broker's sub-accounts (searchable, with what
// this desk last set on each), auto-transfer one by one, for a selection, or from CSV, and
// the jobs the proxy runs for the bulk ones. Calls go to the account chosen in the header
// (spec 4.2: it must be an ND broker's main account).
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { SubaccountStatus } from '@contract/schemas/broker-subaccounts';
import type { AutoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { PageFrame } from '@web/components/page-frame';
import { TabList } from '@web/components/tab-list';
import { useInstruments } from '@web/lib/instruments/instruments-query';
import { sessionStore } from '@web/lib/session/session-store';
import { useGranted } from '@web/lib/session/use-granted';
import { AutoTransferForm } from './autotransfer-form';
import type { KnownDirectory, PreviewRow } from './autotransfer-rows';
import { BulkAutoTransfer } from './bulk-autotransfer';
import { CurrentSettingsPanel } from './current-settings-panel';
import { createJob, jobsKey, useDeskSettings } from './jobs-api';
import { JobsPanel } from './jobs-panel';
import { SubaccountList } from './subaccount-list';
import { useSubaccounts } from './use-subaccounts';

const modes = [
  { id: 'subs', label: 'Sub-accounts' },
  { id: 'single', label: 'Single' },
  { id: 'bulk', label: 'Bulk (CSV)' },
  { id: 'jobs', label: 'Jobs' },
  { id: 'settings', label: 'Audit history' },
] as const;
type Mode = (typeof modes)[number]['id'];

export default function BrokerPage() {
  const [mode, setMode] = useState<Mode>('subs');
  const account = useStore(sessionStore, (s) => s.account);
  const me = useStore(sessionStore, (s) => s.me);
  const canWrite = useGranted('broker.write');
  const canAudit = useGranted('audit.read');
  const role = me?.role ?? 'unknown';
  const uid = me?.accounts.find((a) => a.name === account)?.uid;
  const client = useQueryClient();
  const directory = useSubaccounts(account, canWrite);
  const settings = useDeskSettings(account, canWrite);
  const instruments = useInstruments();

  const known = useMemo((): KnownDirectory | null => {
    if (!directory.complete || !instruments.data) return null;
    const coins = new Set<string>();
    for (const m of instruments.data) coins.add(m.baseCoin).add(m.quoteCoin);
    return { subs: new Map<string, SubaccountStatus>(directory.subs.map((s) => [s.subUid, s.status])), coins };
  }, [directory, instruments.data]);

  const startJob = async (rows: AutoTransferRequest[]) => {
    if (!account) throw new Error('no account');
    await createJob(rows, account);
    await client.invalidateQueries({ queryKey: jobsKey });
    setMode('jobs');
  };

  return (
    <PageFrame boxed title="Broker: sub-account auto-transfer">
      {!account ? (
        <p className="text-muted">Your user has no exchange account on this desk.</p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            Acting as account <strong className="text-fg">{account}</strong>
            {uid ? ` (UID ${uid})` : ''}. Only an ND broker’s main account may set auto-transfer, and only for its own sub-accounts (spec 4.2). Bulk settings run as jobs in the desk’s server, at
            most 10 a second.
          </p>
          <TabList label="Broker mode" tabs={modes} selected={mode} onSelect={setMode} />
          {/* Panels stay mounted while hidden, so a pasted CSV or a selection stays while another tab is open. */}
          <div role="tabpanel" aria-label="Sub-accounts" hidden={mode !== 'subs'}>
            <SubaccountList
              directory={directory}
              settings={settings.data ?? []}
              canWrite={canWrite}
              denied={`Your role (${role}) may not set auto-transfer: it needs the broker.write permission.`}
              onApply={(subUids, coin, toAccountType) => startJob(subUids.map((subUid) => ({ subUid, coin, toAccountType })))}
            />
          </div>
          <div role="tabpanel" aria-label="Single" hidden={mode !== 'single'}>
            <AutoTransferForm account={account} canWrite={canWrite} denied={`Your role (${role}) may not set auto-transfer: it needs the broker.write permission.`} />
          </div>
          <div role="tabpanel" aria-label="Bulk (CSV)" hidden={mode !== 'bulk'}>
            <BulkAutoTransfer
              known={known}
              canWrite={canWrite}
              denied={`Your role (${role}) may not apply auto-transfer settings: it needs the broker.write permission.`}
              onCreate={(rows: PreviewRow[]) => startJob(rows.flatMap((r) => (r.ok ? [r.request] : [])))}
            />
          </div>
          <div role="tabpanel" aria-label="Jobs" hidden={mode !== 'jobs'}>
            <JobsPanel enabled={canWrite} />
          </div>
          <div role="tabpanel" aria-label="Audit history" hidden={mode !== 'settings'}>
            <CurrentSettingsPanel account={account} canRead={canAudit} denied={`Your role (${role}) may not read the audit log (audit.read), which these settings are built from.`} />
          </div>
        </div>
      )}
    </PageFrame>
  );
}
