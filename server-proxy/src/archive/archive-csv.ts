// An archived row as a line of its feed's CSV: the streamed .csv route and the export jobs
// both write lines through this, so a file reads the same however it was made.
import { archiveCsvLine, type ArchiveFeed } from '@contract/schemas/archive';
import type { ArchivedRow } from './archive-store';

export function archivedCsvLine(feed: ArchiveFeed, row: ArchivedRow): string {
  return archiveCsvLine(feed, JSON.parse(row.body) as Record<string, unknown>);
}
