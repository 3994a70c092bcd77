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
import type { DeskDb } from '../core/storage/open-storage';

const MAX_BODY_CHARS = 64 * 1024;

/**
 * A row of the audit table as the database returns it: the contract's AuditEntry in
 * snake_case (time is ts), plus the row id and its state. audit-store.test.ts holds the
 * table, this schema and the contract's entry in step, so a field added to one and not the
 * others fails.
 */
export const auditDbRowSchema = z.object({
  id: z.number(),
  ts: z.number(),
  // The columns named as in the contract take its types.
  ...auditEntrySchema.pick({ user: true, account: true, endpoint: true, method: true, path: true, channel: true, code: true, msg: true }).shape,
  request_body: z.string(),
  http_status: z.number(),
  order_ids: z.string(),
  client_oids: z.string(),
  state: auditStateSchema,
  request_id: z.string(),
});

/**
 * The audit log of every mutating call (REST and WebSocket trade ops), in the audit store
 * (audit.sqlite in WAL mode, or the team's PostgreSQL: issue 22). Each write is committed
 * when its promise resolves. A call that is sent upstream is written ahead: begin() before
 * it leaves (state `sent`), complete() when the answer comes, so the log never lacks an
 * attempt, even if the proxy dies mid-call. A refusal that is never sent is one complete
 * row (record()). A write that fails rejects: then the call is not sent.
 */
export class AuditStore {
  constructor(private readonly db: DeskDb) {}

  /**
   * The answer never came (timeout, dropped link, or a restart after the call left): the
   * row says the outcome is unknown and being checked, until complete() records the truth.
   */
  async markUnknown(id: number, msg: string): Promise<void> {
    const result = await this.db
      .updateTable('audit')
      .set({ http_status: 0, code: '', msg: msg.slice(0, 1000), state: 'unknown' })
      .where('id', '=', id)
      .where('state', 'in', ['sent', 'unknown'])
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`audit row ${id} is not awaiting its result`);
  }

  /** Rows whose outcome was never learnt (state sent or unknown), oldest first: what a start reconciles. */
  async unresolved(): Promise<AuditRow[]> {
    const rows = await this.db.selectFrom('audit').selectAll().where('state', 'in', ['sent', 'unknown']).orderBy('id').execute();
    return rows.map((r) => toRow(auditDbRowSchema.parse(r)));
  }

  /** Writes one complete row (a call that was never sent) and returns its id. Rejects if the entry is malformed or the write fails. */
  async record(entry: AuditEntry): Promise<number> {
    const e = auditEntrySchema.parse(entry);
    return this.write(e, e, 'complete');
  }

  /**
   * Writes the row of a call about to be sent (state `sent`, result unknown) and returns
   * its id for complete(). Rejects if the write fails: then the call must not be sent.
   */
  async begin(intent: AuditIntent): Promise<number> {
    const e = auditIntentSchema.parse(intent);
    return this.write(e, { httpStatus: 0, code: '', msg: '', orderIds: e.orderIds, clientOids: e.clientOids }, 'sent');
  }

  /** Rejects when the log cannot be read (GET /readyz). */
  async ping(): Promise<void> {
    await this.db.selectFrom('audit').select('id').limit(1).execute();
  }

  /** Records the outcome on the row begin() wrote (state sent or unknown). Rejects if the write fails or that row is not awaiting one. */
  async complete(id: number, outcome: AuditOutcome): Promise<void> {
    const o = auditOutcomeSchema.parse(outcome);
    const result = await this.db
      .updateTable('audit')
      .set({ ...outcomeColumns(o), state: 'complete' })
      .where('id', '=', id)
      .where('state', 'in', ['sent', 'unknown'])
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`audit row ${id} is not awaiting its result`);
  }

  /** The row `id`, or undefined. */
  async row(id: number): Promise<AuditRow | undefined> {
    const r = await this.db.selectFrom('audit').selectAll().where('id', '=', id).executeTakeFirst();
    return r === undefined ? undefined : toRow(auditDbRowSchema.parse(r));
  }

  private async write(e: AuditIntent, o: AuditOutcome, state: AuditState): Promise<number> {
    const { id } = await this.db
      .insertInto('audit')
      .values({
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Newest first; `cursor` = the smallest id of the previous page. */
  async query(q: AuditQuery): Promise<AuditPage> {
    const limit = q.limit ?? 50;
    let sel = this.db.selectFrom('audit').selectAll();
    for (const key of ['user', 'account', 'endpoint', 'code', 'state'] as const) {
      const v = q[key];
      if (v !== undefined) sel = sel.where(key, '=', v);
    }
    if (q.from !== undefined) sel = sel.where('ts', '>=', q.from);
    if (q.to !== undefined) sel = sel.where('ts', '<=', q.to);
    if (q.cursor !== undefined) sel = sel.where('id', '<', q.cursor);
    const rows = (await sel.orderBy('id', 'desc').limit(limit + 1).execute()).map((r) => toRow(auditDbRowSchema.parse(r)));
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
