// Open positions (issue 7, part 1): the whole table, live from the position channel.
import { PageFrame } from '@web/components/page-frame';
import { usePositions } from '@web/lib/account-data/account-queries';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { PositionsTable } from './positions-table';

export function PositionsPage() {
  useAccountChannels();
  const positions = usePositions();
  return (
    <PageFrame title="Positions" reads={[{ what: 'Positions', error: positions.error }]}>
      <PositionsTable />
    </PageFrame>
  );
}

export default PositionsPage;
