// Order history, fills and financial records (issue 7, part 3), kept live by the private
// channels: a fill or a final order state brings new rows in without a reload.
import { useMemo, useState } from 'react';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { useAssets } from '@web/lib/account-data/account-queries';
import { useInstruments } from '@web/lib/instruments/instruments-query';
import { ArchivePanel } from './archive-panel';
import { HistoryListView } from './history-list-view';
import { financialRecordsList, fillsList, orderHistoryList } from './history-lists';
import { PageFrame } from '@web/components/page-frame';
import { TabList } from '@web/components/tab-list';

const tabs = [
  { id: 'orders', label: 'Order history' },
  { id: 'fills', label: 'Fills' },
  { id: 'records', label: 'Financial records' },
  { id: 'archive', label: 'Archive' },
] as const;
type TabId = (typeof tabs)[number]['id'];

function tabFromPath(): TabId {
  const last = location.pathname.split('/').filter(Boolean).at(-1);
  return tabs.find((t) => t.id === last)?.id ?? 'orders';
}

export function HistoryPage() {
  useAccountChannels();
  const [tab, setTab] = useState<TabId>(tabFromPath);
  const instruments = useInstruments();
  const assets = useAssets();
  const symbols = useMemo(() => (instruments.data ?? []).map((m) => m.symbol), [instruments.data]);
  const coins = useMemo(() => (assets.data?.assets ?? []).map((a) => a.coin), [assets.data]);

  return (
    <PageFrame title="Orders, fills and records">
      <TabList label="History lists" tabs={tabs} selected={tab} onSelect={setTab} idPrefix="history" />
      <section role="tabpanel" id={`history-panel-${tab}`} aria-labelledby={`history-tab-${tab}`} className="rounded-md border border-line bg-panel p-2">
        {tab === 'orders' && <HistoryListView key="orders" def={orderHistoryList} symbolOptions={symbols} />}
        {tab === 'fills' && <HistoryListView key="fills" def={fillsList} symbolOptions={symbols} />}
        {tab === 'records' && <HistoryListView key="records" def={financialRecordsList} symbolOptions={coins} />}
        {tab === 'archive' && <ArchivePanel />}
      </section>
    </PageFrame>
  );
}

/** One list (order history or fills) on its own, for the panel under the trade screen's chart. */
export function HistoryList({ list }: { list: 'orders' | 'fills' }) {
  const instruments = useInstruments();
  const symbols = useMemo(() => (instruments.data ?? []).map((m) => m.symbol), [instruments.data]);
  return list === 'orders' ? <HistoryListView key="orders" def={orderHistoryList} symbolOptions={symbols} /> : <HistoryListView key="fills" def={fillsList} symbolOptions={symbols} />;
}

export default HistoryPage;
