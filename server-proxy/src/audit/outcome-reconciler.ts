// Settles mutations whose answer never came (issue 16 item 2). A place, cancel or modify
// that timed out, lost its connection, or was in flight when the proxy stopped may have
// been carried out. Its audit row says `unknown` (never failed) until this module has
// looked each order up by clientOid (or orderId) in the unfilled and history orders and
// completed the row with what it found. An upstream that does not answer the lookups
// (down, or stopped) is asked again with backoff.

import type { AuditRow } from '@contract/schemas/audit';
import { errorMessage } from '@contract/core/errors';
import type { Logger } from 'pino';
import type { KeyStore } from '../keys/key-store';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { AuditStore } from './audit-store';

/** What an unknown mutation asked for: enough to look its orders up. */
export interface UnknownOutcome {
  row: number;
  account: string;
  /** Catalog endpoint id (placeOrder, ...) or `ws:<topic>`. */
  endpoint: string;
  clientOids: readonly string[];
  orderIds: readonly string[];
}

/** One order as the lookup found it (or did not). */
export interface FoundOrder {
  clientOid?: string;
  orderId?: string;
  /** The order's state upstream, or null when neither list holds it. */
  state: string | null;
}

/** The truth, as recorded on the audit row and given to a WebSocket op as its final answer. */
export interface SettledOutcome {
  /** '00000' when the mutation took effect for every order it names, else DESK404U. */
  code: string;
  msg: string;
  httpStatus: number;
  orders: FoundOrder[];
}

type OpKind = 'place' | 'cancel' | 'modify';

/** The mutations whose orders can be looked up; anything else stays unknown, said so. */
export function opKindOf(endpoint: string): OpKind | undefined {
  switch (endpoint) {
    case 'placeOrder':
    case 'placeBatch':
    case 'ws:place-order':
    case 'ws:batch-place':
      return 'place';
    case 'cancelOrder':
    case 'cancelBatch':
    case 'ws:cancel-order':
    case 'ws:batch-cancel':
      return 'cancel';
    case 'modifyOrder':
    case 'batchModifyOrder':
    case 'ws:modify-order':
    case 'ws:batch-modify':
      return 'modify';
    default:
      return undefined;
  }
}

/** Says what the looked-up orders mean for the mutation that named them. */
export function judge(kind: OpKind, orders: readonly FoundOrder[]): SettledOutcome {
  const name = (o: FoundOrder) => o.clientOid ?? o.orderId ?? '?';
  const tookEffect = (o: FoundOrder) => (kind === 'cancel' ? o.state === 'canceled' : o.state !== null);
  const words = orders.map((o) => {
    if (o.state === null) return `${name(o)}: ${kind === 'place' ? 'not placed' : 'no such order'}`;
    if (kind === 'cancel' && o.state !== 'canceled') return `${name(o)}: not cancelled (${o.state})`;
    return `${name(o)}: ${kind === 'place' ? 'placed' : kind === 'cancel' ? 'cancelled' : 'exists'} (${o.state})`;
  });
  const ok = orders.length > 0 && orders.every(tookEffect);
  const msg = `the answer never came; checked by clientOid: ${words.join('; ')}`;
  return ok ? { code: '00000', msg, httpStatus: 200, orders: [...orders] } : { code: 'DESK404U', msg: errorMessage('DESK404U', 'en-US', { detail: words.join('; ') }), httpStatus: 404, orders: [...orders] };
}

interface OrderListAnswer {
  code?: unknown;
  data?: { list?: unknown };
}

export interface ReconcilerDeps {
  audit: AuditStore;
  upstream: Pick<UpstreamClient, 'send'>;
  keyStore: KeyStore;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Upstream paths of the two order lists (spec paths or the configured ones). */
  paths: { unfilledOrders: string; historyOrders: string };
  /** Waits between rounds of lookups that could not be made; the last repeats. */
  retryDelaysMs?: readonly number[];
  /** How long to wait before believing "not found": the lost call may still be on its way upstream. */
  confirmAbsentMs?: number;
  /** Rounds of lookups before giving up (the row then stays unknown, said so in the log). */
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref();
  });

/** The lookups could not be made (upstream down or not answering): try again later. */
class LookupUnavailable extends Error {}

export class OutcomeReconciler {
  readonly #inFlight = new Map<number, Promise<SettledOutcome | null>>();
  #closed = false;

  constructor(private readonly deps: ReconcilerDeps) {}

  /**
   * Marks the row `unknown` (if it is not already) and settles it in the background;
   * resolves with the truth once the row is completed, or null when it cannot be learnt.
   * One row is settled once, however often it is asked.
   */
  settle(target: UnknownOutcome, why: string): Promise<SettledOutcome | null> {
    const running = this.#inFlight.get(target.row);
    if (running) return running;
    const checkable = opKindOf(target.endpoint) !== undefined && refsOf(target).length > 0;
    const note = checkable ? `unknown, checking by clientOid: ${why}` : `unknown: ${why}; this call names no order to look up: check the account`;
    const job = this.deps.audit
      .markUnknown(target.row, note)
      .catch((err: unknown) => this.deps.logger.warn({ auditRow: target.row, err: (err as Error).message }, 'audit row could not be marked unknown'))
      .then(() => this.run(target))
      .finally(() => this.#inFlight.delete(target.row));
    this.#inFlight.set(target.row, job);
    return job;
  }

  /** At start: every row left `sent` or `unknown` by an earlier run is settled. Returns how many. */
  async resumeAll(): Promise<number> {
    const rows = await this.deps.audit.unresolved();
    for (const row of rows) void this.settle(targetOf(row), 'the proxy stopped before the answer came');
    if (rows.length > 0) this.deps.logger.info({ rows: rows.length }, 'reconciling audit rows left without an outcome');
    return rows.length;
  }

  /** Rows being settled now (for tests and shutdown). */
  get pending(): number {
    return this.#inFlight.size;
  }

  close(): void {
    this.#closed = true;
  }

  private async run(target: UnknownOutcome): Promise<SettledOutcome | null> {
    const kind = opKindOf(target.endpoint);
    const refs = refsOf(target);
    if (kind === undefined || refs.length === 0) {
      this.deps.logger.warn({ auditRow: target.row, endpoint: target.endpoint }, 'unknown outcome with no order to look up; the row stays unknown');
      return null;
    }
    const delays = this.deps.retryDelaysMs ?? [500, 1000, 2000, 5000, 10_000];
    const sleep = this.deps.sleep ?? realSleep;
    const maxAttempts = this.deps.maxAttempts ?? 60;
    for (let attempt = 0; !this.#closed && attempt < maxAttempts; attempt++) {
      try {
        let orders = await this.lookUp(target.account, refs);
        // "Not found" may only mean the lost call has not reached the exchange yet: look again once.
        if (orders.some((o) => o.state === null)) {
          await sleep(this.deps.confirmAbsentMs ?? 2000);
          orders = await this.lookUp(target.account, refs);
        }
        const outcome = judge(kind, orders);
        await this.complete(target, outcome);
        return outcome;
      } catch (err) {
        if (!(err instanceof LookupUnavailable)) throw err;
        const wait = delays[Math.min(attempt, delays.length - 1)] ?? 10_000;
        if (attempt === 0) this.deps.logger.warn({ auditRow: target.row, reason: err.message }, 'cannot check an unknown outcome yet; retrying');
        await sleep(wait);
      }
    }
    if (!this.#closed) this.deps.logger.error({ auditRow: target.row, attempts: maxAttempts }, 'gave up checking an unknown outcome; the row stays unknown');
    return null;
  }

  private async complete(target: UnknownOutcome, outcome: SettledOutcome): Promise<void> {
    const orderIds = new Set(target.orderIds);
    for (const o of outcome.orders) if (o.orderId) orderIds.add(o.orderId);
    try {
      await this.deps.audit.complete(target.row, { httpStatus: outcome.httpStatus, code: outcome.code, msg: outcome.msg, orderIds: [...orderIds], clientOids: [...target.clientOids] });
      this.deps.logger.info({ auditRow: target.row, code: outcome.code }, 'unknown outcome settled');
    } catch (err) {
      // The late answer itself completed the row first: that record is the truth.
      this.deps.logger.info({ auditRow: target.row, err: (err as Error).message }, 'unknown outcome already settled');
    }
  }

  private async lookUp(accountName: string, refs: readonly Ref[]): Promise<FoundOrder[]> {
    const account = this.deps.keyStore.get(accountName);
    if (!account) throw new Error(`account ${accountName} is no longer configured`);
    const found: FoundOrder[] = [];
    for (const ref of refs) {
      let state: string | null = null;
      let orderId = ref.orderId;
      for (const path of [this.deps.paths.unfilledOrders, this.deps.paths.historyOrders]) {
        const record = await this.find(path, ref, account);
        if (record) {
          state = record.state;
          orderId = record.orderId ?? orderId;
          break;
        }
      }
      found.push({ ...(ref.clientOid ? { clientOid: ref.clientOid } : {}), ...(orderId ? { orderId } : {}), state });
    }
    return found;
  }

  private async find(path: string, ref: Ref, account: NonNullable<ReturnType<KeyStore['get']>>): Promise<{ state: string; orderId?: string } | undefined> {
    const query = ref.clientOid ? `clientOid=${encodeURIComponent(ref.clientOid)}` : `orderId=${encodeURIComponent(ref.orderId ?? '')}`;
    let res;
    try {
      res = await this.deps.upstream.send({ method: 'GET', path, query, body: '', account, locale: 'en-US' });
    } catch (err) {
      throw new LookupUnavailable((err as Error).message);
    }
    if (res.status >= 500 || res.status === 429) throw new LookupUnavailable(`HTTP ${res.status}`);
    let answer: OrderListAnswer;
    try {
      answer = JSON.parse(res.body.toString('utf8')) as OrderListAnswer;
    } catch {
      throw new LookupUnavailable('the order list was not JSON');
    }
    if (String(answer.code) !== '00000') throw new LookupUnavailable(`the order list answered ${String(answer.code)}`);
    const list = Array.isArray(answer.data?.list) ? (answer.data.list as Record<string, unknown>[]) : [];
    const match = list.find((o) => (ref.clientOid ? o.clientOid === ref.clientOid : String(o.orderId) === ref.orderId));
    if (!match) return undefined;
    const state = typeof match.state === 'string' ? match.state : typeof match.orderStatus === 'string' ? match.orderStatus : 'unknown';
    return { state, ...(match.orderId !== undefined ? { orderId: String(match.orderId) } : {}) };
  }
}

interface Ref {
  clientOid?: string;
  orderId?: string;
}

/** Each order once: by clientOid where the call named one, else by orderId. */
function refsOf(target: UnknownOutcome): Ref[] {
  if (target.clientOids.length > 0) return target.clientOids.map((clientOid) => ({ clientOid }));
  return target.orderIds.map((orderId) => ({ orderId }));
}

function targetOf(row: AuditRow): UnknownOutcome {
  return { row: row.id, account: row.account, endpoint: row.endpoint, clientOids: row.clientOids, orderIds: row.orderIds };
}
