// Runs bulk auto-transfer jobs inside the proxy (issue 20), one row at a time per job,
// through the same rate-shaper lane as the browser's own calls for that UID and endpoint
// group, so all jobs and users of a UID together stay within the documented 10/s.
//
// Per row, in this order (each step committed before the next):
//   1. admitted by the shaper;  2. audit row begun (state `sent`);
//   3. job row `sending` with that audit id;  4. the call;
//   5. audit row completed;  6. job row applied or failed.
// After a crash the first unsettled row is `sending` (or `pending`). A `sending` row is
// checked before anything is resent: if its audit row holds the exchange's answer (the
// crash fell between 5 and 6) that answer settles it and nothing is sent. Otherwise the
// answer never arrived and the exchange offers no way to read the setting back; the row
// is sent again. That is safe because the call sets a value (sub-account + coin -> account
// type): applying the same value twice leaves the same state as applying it once. The
// old audit row is closed saying so, and the new send gets its own audit row.
import type { Logger } from 'pino';
import { endpoints } from '@contract/catalog/endpoints';
import { errorEnvelope } from '@contract/core/errors';
import type { AuditStore } from '../audit/audit-store';
import type { Clock } from '@contract/core/clock';
import type { KeyStore } from '../keys/key-store';
import type { RateShaper } from '../policy/rate-shaper';
import { UpstreamUnavailable, type UpstreamClient } from '../upstream/upstream-client';
import type { JobStore, StoredJobRow, JobRecord } from './job-store';
import { ProgressMeter } from './progress-meter';
import { LeasedRunner } from '../core/leased-runner';

const endpoint = endpoints.setSubaccountAutotransfer;
/** Upstream failures that mean the call never left (no connection was made). */
const NEVER_SENT = new Set(['connection refused', 'host not found']);
/** How long a claim holds a job (issue 22): another proxy takes over a job this long after its runner stopped renewing. */
export const JOB_LEASE_MS = 30_000;
const BACKOFF_MAX_MS = 10_000;

export interface JobRunnerDeps {
  store: JobStore;
  audit: AuditStore;
  shaper: RateShaper;
  upstream: UpstreamClient;
  keyStore: KeyStore;
  clock: Clock;
  logger: Logger;
  /** The path to call upstream (the catalog's, or the configured override). */
  upstreamPath: string;
  /** Who this process is, for the job lease (issue 22: several proxies). */
  owner: string;
  /** The lease a claim takes (JOB_LEASE_MS unless configured). */
  leaseMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export class JobRunner extends LeasedRunner {
  readonly meter = new ProgressMeter();
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: JobRunnerDeps) {
    super('job', deps.logger);
    this.sleep = deps.sleep ?? defaultSleep;
  }

  protected runnable(): Promise<number[]> {
    return this.deps.store.runnable();
  }

  protected async run(id: number): Promise<void> {
    let backoff = 0;
    this.meter.begin(id, this.deps.clock.now());
    for (;;) {
      if (this.closed) return;
      const job = await this.deps.store.get(id);
      if (!job || job.state !== 'running') return;
      const now = this.deps.clock.now();
      if (!(await this.deps.store.claim(id, this.deps.owner, now, now + (this.deps.leaseMs ?? JOB_LEASE_MS)))) return;
      const row = await this.deps.store.nextRow(id);
      if (!row) {
        await this.deps.store.setState(id, 'done', now);
        this.emit('progress', id);
        this.deps.logger.info({ job: id, ...(await this.deps.store.counts(id)) }, 'job done');
        return;
      }
      const result = await this.process(job, row);
      if (result === 'retry-later') {
        backoff = Math.min(BACKOFF_MAX_MS, backoff === 0 ? 500 : backoff * 2);
        await this.sleep(backoff);
      } else {
        backoff = 0;
      }
      this.emit('progress', id);
    }
  }

  /** One row: settle it from what is known, or send it. */
  private async process(job: JobRecord, row: StoredJobRow): Promise<'settled' | 'retry-later' | 'stopped'> {
    const { store, audit, clock } = this.deps;
    if (row.state === 'sending' && row.auditId !== null) {
      const known = await this.deps.audit.row(row.auditId);
      if (known && known.state === 'complete') {
        // The answer arrived and was logged before the stop: it settles the row; nothing is resent.
        await this.settle(job.id, row, known.code, known.msg);
        return 'settled';
      }
      if (known) {
        const note = 'no answer came before the proxy stopped; the exchange offers no read-back of this setting, so the same (idempotent) setting is sent again on the next audit row';
        try {
          await audit.complete(row.auditId, { httpStatus: 0, code: 'DESK502', msg: note, orderIds: [], clientOids: [] });
        } catch (err) {
          this.deps.logger.warn({ job: job.id, auditRow: row.auditId, err: (err as Error).message }, 'could not close the unknown audit row');
        }
      }
    }

    const account = this.deps.keyStore.get(job.account);
    if (!account) {
      await store.settleRow(job.id, row.seq, { state: 'failed', code: 'DESK403A', msg: `the account ${job.account} is no longer configured` }, clock.now());
      return 'settled';
    }
    const laneKey = `${account.rateKey}|${endpoint.rateLimit.group}`;
    const admission = this.deps.shaper.admit(laneKey, endpoint.rateLimit.perSecond);
    if (admission === 'full') return 'retry-later';
    if (admission !== 'go') await admission;
    // Paused or cancelled while waiting for the slot: give it back, send nothing.
    if ((await store.get(job.id))?.state !== 'running' || this.closed) {
      this.deps.shaper.release(laneKey);
      return 'stopped';
    }

    const body = JSON.stringify({ subUid: row.subUid, coin: row.coin, toAccountType: row.toAccountType });
    let auditId: number | undefined;
    try {
      auditId = await audit.begin({ time: clock.now(), user: job.user, account: job.account, endpoint: endpoint.id, method: endpoint.method, path: endpoint.path, channel: 'rest', requestBody: body, orderIds: [], clientOids: [] });
      await store.markSending(job.id, row.seq, auditId, clock.now(), this.deps.owner);
    } catch (err) {
      this.deps.shaper.release(laneKey);
      this.deps.logger.error({ job: job.id, err: (err as Error).message }, 'audit log or job store unavailable, or the lease lost; row not sent');
      // The audit row was begun but the row is not ours to send: the log says nothing left.
      if (auditId !== undefined) await audit.complete(auditId, { httpStatus: 0, code: 'DESK503S', msg: 'not sent: the job row could not be marked as sending', orderIds: [], clientOids: [] }).catch(() => undefined);
      return 'retry-later';
    }
    const sentRow = auditId;

    let status: number;
    let code: string;
    let msg: string;
    let data: unknown;
    try {
      const answer = await this.deps.upstream.send({ method: 'POST', path: this.deps.upstreamPath, query: '', body, account, locale: 'en-US' });
      this.deps.shaper.release(laneKey);
      status = answer.status;
      ({ code, msg, data } = parseEnvelope(answer.body));
    } catch (err) {
      this.deps.shaper.release(laneKey);
      const reason = err instanceof UpstreamUnavailable ? err.reason : 'request failed';
      if (NEVER_SENT.has(reason)) {
        await audit.complete(sentRow, { httpStatus: 502, code: 'DESK502', msg: `${reason}; nothing was sent`, orderIds: [], clientOids: [] });
        await store.settleRow(job.id, row.seq, { state: 'pending', code: '', msg: `${reason}; will retry` }, clock.now());
      } else {
        // It may have been applied: the row stays `sending` and the next turn treats it as unknown.
        await audit.markUnknown(sentRow, `unknown, checking: ${reason}`);
      }
      this.deps.logger.warn({ job: job.id, seq: row.seq, reason }, 'upstream unavailable during a job');
      return 'retry-later';
    }

    const outcome = { httpStatus: status, code, msg, orderIds: [], clientOids: [] };
    if (status === 429 || code === '429') {
      // Should not happen behind the shaper; the row was not applied, so it waits and goes again.
      await audit.complete(sentRow, outcome);
      await store.settleRow(job.id, row.seq, { state: 'pending', code, msg }, clock.now());
      return 'retry-later';
    }
    await audit.complete(sentRow, outcome);
    await this.settle(job.id, row, code, msg, data);
    return 'settled';
  }

  private async settle(jobId: number, row: StoredJobRow, code: string, msg: string, data?: unknown): Promise<void> {
    const ok = code === '00000' && (data === undefined || data === 'success');
    const failMsg = code === '00000' ? `the exchange answered ${JSON.stringify(data)}` : msg;
    await this.deps.store.settleRow(jobId, row.seq, ok ? { state: 'applied', code, msg: '' } : { state: 'failed', code, msg: failMsg }, this.deps.clock.now());
    this.meter.note(jobId, this.deps.clock.now());
  }

}

function parseEnvelope(body: Buffer): { code: string; msg: string; data: unknown } {
  try {
    const v = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    return { code: String(v.code ?? ''), msg: String(v.msg ?? ''), data: v.data };
  } catch {
    const env = errorEnvelope('DESK502', 'en-US', { detail: 'the exchange answered something that is not JSON' }, 0);
    return { code: 'DESK502', msg: env.msg, data: undefined };
  }
}
