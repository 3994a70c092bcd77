import type { Database, Statement } from 'better-sqlite3';
import { z } from 'zod';
import {
  auditEntrySchema,
  auditIntentSchema,
  auditOutcomeSchema,
  auditStateSchema,
  type AuditEntry,
  type AuditIntent,
  type AuditOutcome,
  type AuditPage,
  type AuditQuery,
  type AuditRow,
  type AuditState,
} from '@contract/schemas/audit';

const MAX_BODY_CHARS = 64 * 1024;

/**
 * A row of the audit table as SQLite returns it: the contract's AuditEntry in snake_case
 * (time is ts), plus the row id and its state. audit-store.test.ts holds the table, this
 * schema and the contract's entry in step, so a field added to one and not the others fails.
 */
export const auditDbRowSchema = z.object({
  id: z.number(),
  ts: z.number(),
  user: z.string(),
  account: z.string(),
  endpoint: z.string(),
  method: z.string(),
  path: z.string(),
  channel: z.enum(['rest', 'ws']),
  request_body: z.string(),
  http_status: z.number(),
  code: z.string(),
  msg: z.string(),
  order_ids: z.string(),
  client_oids: z.string(),
  state: auditStateSchema,
  request_id: z.string(),
});

/**
 * The audit log of every mutating call (REST and WebSocket trade ops). Writes are
 * synchronous and committed (WAL) when they return. A call that is sent upstream is
 * written ahead: begin() before it leaves (state `sent`), complete() when the answer
 * comes, so the log never lacks an attempt, even if the proxy dies mid-call. A refusal
 * that is never sent is one complete row (record()).
 */
export class AuditStore {
  private readonly insert: Statement;
  private readonly finish: Statement;
  private readonly toUnknown: Statement;
  private readonly openRows: Statement;

  constructor(private readonly db: Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ts INTEGER NOT NULL,
      user TEXT NOT NULL,
      account TEXT NOT NULL,
      endpoint TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      channel TEXT NOT NULL,
      request_body TEXT NOT NULL,
      http_status INTEGER NOT NULL,
      code TEXT NOT NULL,
      msg TEXT NOT NULL,
      order_ids TEXT NOT NULL,
      client_oids TEXT NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS audit_ts ON audit (ts);
    CREATE INDEX IF NOT EXISTS audit_user ON audit (user, id);
    CREATE INDEX IF NOT EXISTS audit_account ON audit (account, id);
    CREATE INDEX IF NOT EXISTS audit_endpoint ON audit (endpoint, id);`);
    // Logs from before write-ahead hold only finished calls: they default to complete.
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('audit');
    if (!columns.includes('state')) db.exec(`ALTER TABLE audit ADD COLUMN state TEXT NOT NULL DEFAULT 'complete'`);
    // issue 22: the request ID the logs carry too; rows from before it have none.
    if (!columns.includes('request_id')) db.exec(`ALTER TABLE audit ADD COLUMN request_id TEXT NOT NULL DEFAULT ''`);
    this.insert = db.prepare(`INSERT INTO audit
      (ts, user, account, endpoint, method, path, channel, request_body, http_status, code, msg, order_ids, client_oids, state, request_id)
      VALUES (@ts, @user, @account, @endpoint, @method, @path, @channel, @request_body, @http_status, @code, @msg, @order_ids, @client_oids, @state, @request_id)`);
    this.finish = db.prepare(`UPDATE audit SET http_status = @http_status, code = @code, msg = @msg, order_ids = @order_ids,
      client_oids = @client_oids, state = 'complete' WHERE id = @id AND state IN ('sent', 'unknown')`);
    this.toUnknown = db.prepare(`UPDATE audit SET http_status = 0, code = '', msg = @msg, state = 'unknown' WHERE id = @id AND state IN ('sent', 'unknown')`);
    this.openRows = db.prepare(`SELECT * FROM audit WHERE state IN ('sent', 'unknown') ORDER BY id`);
  }

  /**
   * The answer never came (timeout, dropped link, or a restart after the call left): the
   * row says the outcome is unknown and being checked, until complete() records the truth.
   */
  markUnknown(id: number, msg: string): void {
    const info = this.toUnknown.run({ id, msg: msg.slice(0, 1000) });
    if (info.changes !== 1) throw new Error(`audit row ${id} is not awaiting its result`);
  }

  /** Rows whose outcome was never learnt (state sent or unknown), oldest first: what a start reconciles. */
  unresolved(): AuditRow[] {
    return this.openRows.all().map((r) => toRow(auditDbRowSchema.parse(r)));
  }

  /** Writes one complete row (a call that was never sent) and returns its id. Throws if the entry is malformed or the write fails. */
  record(entry: AuditEntry): number {
    const e = auditEntrySchema.parse(entry);
    return this.write(e, e, 'complete');
  }

  /**
   * Writes the row of a call about to be sent (state `sent`, result unknown) and returns
   * its id for complete(). Throws if the write fails: then the call must not be sent.
   */
  begin(intent: AuditIntent): number {
    const e = auditIntentSchema.parse(intent);
    return this.write(e, { httpStatus: 0, code: '', msg: '', orderIds: e.orderIds, clientOids: e.clientOids }, 'sent');
  }

  /** Throws when the log cannot be read (GET /readyz). */
  ping(): void {
    this.db.prepare('SELECT 1 FROM audit LIMIT 1').all();
  }

  /** Records the outcome on the row begin() wrote (state sent or unknown). Throws if the write fails or that row is not awaiting one. */
  complete(id: number, outcome: AuditOutcome): void {
    const o = auditOutcomeSchema.parse(outcome);
    const info = this.finish.run({ id, ...outcomeColumns(o) });
    if (info.changes !== 1) throw new Error(`audit row ${id} is not awaiting its result`);
  }

  private write(e: AuditIntent, o: AuditOutcome, state: AuditState): number {
    const info = this.insert.run({
      ts: e.time,
      user: e.user,
      account: e.account,
      endpoint: e.endpoint,
      method: e.method,
      path: e.path,
      channel: e.channel,
      request_body: e.requestBody.length > MAX_BODY_CHARS ? `${e.requestBody.slice(0, MAX_BODY_CHARS)}…` : e.requestBody,
      ...outcomeColumns(o),
      state,
      request_id: e.requestId ?? '',
    });
    return Number(info.lastInsertRowid);
  }

  /** Newest first; `cursor` = the smallest id of the previous page. */
  query(q: AuditQuery): AuditPage {
    const where: string[] = [];
    const params: Record<string, string | number> = {};
    const eq = (col: string, key: keyof AuditQuery) => {
      const v = q[key];
      if (v !== undefined) {
        where.push(`${col} = @${key}`);
        params[key] = v;
      }
    };
    eq('user', 'user');
    eq('account', 'account');
    eq('endpoint', 'endpoint');
    eq('code', 'code');
    eq('state', 'state');
    if (q.from !== undefined) {
      where.push('ts >= @from');
      params.from = q.from;
    }
    if (q.to !== undefined) {
      where.push('ts <= @to');
      params.to = q.to;
    }
    if (q.cursor !== undefined) {
      where.push('id < @cursor');
      params.cursor = q.cursor;
    }
    const limit = q.limit ?? 50;
    const sql = `SELECT * FROM audit ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${limit + 1}`;
    const rows = this.db.prepare(sql).all(params).map((r) => toRow(auditDbRowSchema.parse(r)));
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { list: page, cursor: rows.length > limit && last ? String(last.id) : null };
  }
}

function outcomeColumns(o: AuditOutcome) {
  return {
    http_status: o.httpStatus,
    code: o.code,
    msg: o.msg.slice(0, 1000),
    order_ids: JSON.stringify(o.orderIds),
    client_oids: JSON.stringify(o.clientOids),
  };
}

function toRow(r: z.infer<typeof auditDbRowSchema>): AuditRow {
  return {
    id: r.id,
    time: r.ts,
    user: r.user,
    account: r.account,
    endpoint: r.endpoint,
    method: r.method,
    path: r.path,
    channel: r.channel,
    requestBody: r.request_body,
    httpStatus: r.http_status,
    code: r.code,
    msg: r.msg,
    orderIds: z.array(z.string()).parse(JSON.parse(r.order_ids)),
    clientOids: z.array(z.string()).parse(JSON.parse(r.client_oids)),
    state: r.state,
    ...(r.request_id ? { requestId: r.request_id } : {}),
  };
}
