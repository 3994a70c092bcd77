// The desk's tables as Kysely sees them (issue 22): one description the queries of both
// engines are typed from. Times are Unix milliseconds in 64-bit integers (BIGINT on
// PostgreSQL, read back as numbers: open-storage.ts); flags are 0/1 integers on both
// engines, so a row reads the same from SQLite and PostgreSQL.
import type { Generated } from 'kysely';

export interface UsersTable {
  name: string;
  role: string;
  /** JSON array of account names. */
  accounts: string;
  password_hash: string;
  created_at: number;
}

export interface SessionsTable {
  id_hash: string;
  user: string;
  role: string;
  accounts: string;
  csrf_token: string;
  local_admin: number;
  created_at: number;
  expires_at: number;
}

export interface UserSettingsTable {
  user: string;
  /** A name of contract/schemas/user-settings.ts. */
  name: string;
  /** The setting's JSON. */
  value: string;
  updated_at: number;
}

export interface AuditTable {
  id: Generated<number>;
  ts: number;
  user: string;
  account: string;
  endpoint: string;
  method: string;
  path: string;
  channel: string;
  request_body: string;
  http_status: number;
  code: string;
  msg: string;
  order_ids: string;
  client_oids: string;
  state: string;
  request_id: string;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  account: string;
  user: string;
  state: string;
  created_at: number;
  updated_at: number;
  lease_owner: string | null;
  lease_until: Generated<number>;
}

export interface JobRowsTable {
  job_id: number;
  seq: number;
  sub_uid: string;
  coin: string;
  to_account_type: string;
  state: string;
  code: Generated<string>;
  msg: Generated<string>;
  attempts: Generated<number>;
  audit_id: number | null;
  updated_at: number;
}

export interface ArchiveRecordsTable {
  feed: string;
  account: string;
  record_id: string;
  time_ms: number;
  ref: string;
  body: string;
  archived_ms: number;
  /** The record's CSV line (store-migrations.ts 0003); null until made, or after the columns changed. */
  csv: string | null;
}

export interface ArchiveCsvFormatsTable {
  feed: string;
  /** The header of the columns the feed's stored lines were made for. */
  header: string;
}

export interface ArchiveSpansTable {
  feed: string;
  account: string;
  from_ms: number;
  to_ms: number;
}

export interface ArchiveGapsTable {
  id: Generated<number>;
  feed: string;
  account: string;
  from_ms: number;
  to_ms: number;
  state: string;
  reason: string;
  attempts: number;
  updated_ms: number;
}

export interface ArchiveBackfillsTable {
  feed: string;
  account: string;
  cursor: string;
  top_ms: number;
  done: number;
}

export interface ArchiveSyncClaimsTable {
  account: string;
  feed: string;
  lease_owner: string | null;
  lease_until: Generated<number>;
  /** When the feed's last sync that ended well ended; null before one has. */
  synced_at: number | null;
}

export interface ArchiveExportsTable {
  id: Generated<number>;
  account: string;
  user: string;
  feed: string;
  from_ms: number | null;
  to_ms: number | null;
  ref: string | null;
  state: string;
  rows_done: number;
  rows_total: number;
  /** The (time, record id) of the last row written, as `time:id`; null before the first. */
  after: string | null;
  /** Why a failed export was given up; null otherwise. */
  error: string | null;
  created_at: number;
  updated_at: number;
  lease_owner: string | null;
  lease_until: Generated<number>;
}

export interface ArchiveExportChunksTable {
  export_id: number;
  seq: number;
  csv: string;
}

export interface DeskTables {
  users: UsersTable;
  sessions: SessionsTable;
  user_settings: UserSettingsTable;
  audit: AuditTable;
  jobs: JobsTable;
  job_rows: JobRowsTable;
  archive_records: ArchiveRecordsTable;
  archive_csv_formats: ArchiveCsvFormatsTable;
  archive_spans: ArchiveSpansTable;
  archive_gaps: ArchiveGapsTable;
  archive_backfills: ArchiveBackfillsTable;
  archive_sync_claims: ArchiveSyncClaimsTable;
  archive_exports: ArchiveExportsTable;
  archive_export_chunks: ArchiveExportChunksTable;
}
