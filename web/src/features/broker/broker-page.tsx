// The broker screen (issue 8.1): sub-account deposit auto-transfer, one by one or in bulk
// from CSV, and the current settings from the audit log. Calls go to the account chosen
// in the header (spec 4.2: it must be an ND broker's main account).
import { useState } from 'react';
import { useStore } from 'zustand';
import { Panel } from '@web/components/panel';
import { sessionStore } from '@web/lib/session/session-store';
import { AutoTransferForm } from './autotransfer-form';
import { useGranted } from '@web/lib/session/use-granted';
import { BulkAutoTransfer } from './bulk-autotransfer';
import { CurrentSettingsPanel } from './current-settings-panel';

const modes = [
  { id: 'single', label: 'Single' },
  { id: 'bulk', label: 'Bulk (CSV)' },
  { id: 'settings', label: 'Current settings' },
] as const;
type Mode = (typeof modes)[number]['id'];

export default function BrokerPage() {
  const [mode, setMode] = useState<Mode>('single');
  const account = useStore(sessionStore, (s) => s.account);
  const me = useStore(sessionStore, (s) => s.me);
  const canWrite = useGranted('broker.write');
  const canAudit = useGranted('audit.read');
  const role = me?.role ?? 'unknown';
  const uid = me?.accounts.find((a) => a.name === account)?.uid;

  return (
    <Panel title="Broker: sub-account auto-transfer">
      {!account ? (
        <p className="text-muted">Your user has no exchange account on this desk.</p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            Acting as account <strong className="text-fg">{account}</strong>
            {uid ? ` (UID ${uid})` : ''}. Only an ND broker’s main account may set auto-transfer, and only for its own sub-accounts (spec 4.2).
          </p>
          <div role="tablist" aria-label="Broker mode" className="flex gap-1">
            {modes.map((m) => (
              <button
                key={m.id}
                type="button"
                role="tab"
                aria-selected={mode === m.id}
                onClick={() => setMode(m.id)}
                className={`rounded px-2.5 py-1 text-sm ${mode === m.id ? 'bg-raised font-semibold text-fg' : 'text-muted hover:text-fg'}`}
              >
                {m.label}
              </button>
            ))}
          </div>
          {/* Panels stay mounted while hidden, so a bulk run keeps going and the pasted CSV stays while another tab is open. */}
          <div role="tabpanel" aria-label="Single" hidden={mode !== 'single'}>
            <AutoTransferForm account={account} canWrite={canWrite} denied={`Your role (${role}) may not set auto-transfer: it needs the broker.write permission.`} />
          </div>
          <div role="tabpanel" aria-label="Bulk (CSV)" hidden={mode !== 'bulk'}>
            <BulkAutoTransfer account={account} canWrite={canWrite} denied={`Your role (${role}) may not apply auto-transfer settings: it needs the broker.write permission.`} />
          </div>
          <div role="tabpanel" aria-label="Current settings" hidden={mode !== 'settings'}>
            <CurrentSettingsPanel account={account} canRead={canAudit} denied={`Your role (${role}) may not read the audit log (audit.read), which these settings are built from.`} />
          </div>
        </div>
      )}
    </Panel>
  );
}
