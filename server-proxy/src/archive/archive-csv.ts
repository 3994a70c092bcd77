// An archived record as a line of its feed's CSV. The store makes each record's line when
// it stores it (archive-store.ts), and again through this when the columns have changed,
// so the streamed .csv route and the export jobs write the same lines however they were made.
import { archiveCsvLine, type ArchiveFeed } from '@contract/schemas/archive';

/** The line of a record stored as JSON (ArchivedRow.body). */
export function csvLineOfBody(feed: ArchiveFeed, body: string): string {
  return archiveCsvLine(feed, JSON.parse(body) as Record<string, unknown>);
}
