// One browser's private socket, relayed over its own upstream private socket logged in
// with the account's keys. (Over 400 lines on purpose: the login, the write-ahead audit of
// every trade op and the reconciliation of lost answers share one socket's state, the
// pending ops; split, each part would need the others' maps.)
//
// Why one upstream socket per browser and not one per account: the private channels'
// state is per subscription (account and position send their snapshot at subscription,
// spec 6.2), trade answers come back on the socket that sent the op (matched by the
// browser's own id), and upstream counts its 10 messages per second per connection, so
// one busy tab cannot starve another. A desk has a handful of tabs per account, well
// within upstream's connection limits; sharing would buy little and cost id rewriting
// and snapshot caching of private data.
//
// The browser holds no keys: it never sends login (a login op is answered here), the
// relay logs in upstream, and it tells the browser {"event":"login","code":0,"msg":""}.

import type { Locale } from '@contract/core/errors';
import { errorMessage } from '@contract/core/errors';
import { buildWsLogin } from '@contract/core/signing';
import { channelKey, channelKind, readChannelArg, type ChannelArg } from './ws-channel';
import { checkSubscription } from './ws-subscription-check';
import { DroppedMessageLog } from './ws-dropped-log';
import { EVENT_KEY } from './ws-public-hub';
import { ArgReader, scanPush } from './ws-push-route';
import type { BrowserSendQueue } from './ws-send-queue';
import { checkWsTrade } from './ws-trade-check';
import type { RelayAccount, RelayClock, RelayLimits, RelayLogger, RelaySession, SessionRecheck, WsAuditRecord, WsAuditRow, WsRelayDeps } from './ws-relay-types';
import { UpstreamLink } from './ws-upstream';
import { briefMessageOf } from '../core/error-message';

/** Trade ops waiting for the rate limit past this many are refused, not queued for later. */
const MAX_TRADE_BACKLOG = 20;

/** A trade op as the browser sent it, and what the audit log knows of it. */
interface TradeOp {
  readonly body: Record<string, unknown>;
  readonly topic: string;
  readonly category: string | undefined;
  /** Its `sent` row, once written ahead (undefined for an op that was never sent). */
  readonly row?: WsAuditRow | undefined;
}

interface PendingTrade extends TradeOp {
  readonly timer: NodeJS.Timeout;
}

const isPromise = <T>(v: unknown): v is Promise<T> => typeof (v as { then?: unknown } | null | undefined)?.then === 'function';

export interface PrivateRelayOptions {
  session: RelaySession;
  account: RelayAccount;
  locale: Locale;
  queue: BrowserSendQueue;
  /** Ends the browser socket (after a failed upstream login). */
  closeBrowser(code: number, reason: string): void;
  deps: Pick<WsRelayDeps, 'audit' | 'validateTradeOp' | 'upstream' | 'recheck' | 'reconcile'>;
  /** The session ended (found before a trade op): the relay closes the socket, saying why. */
  endSession?(reason: string): void;
  limits: RelayLimits;
  logger: RelayLogger;
  clock: RelayClock;
}

export class PrivateRelay {
  readonly link: UpstreamLink;
  private loggedIn = false;
  private toldLogin = false;
  private wasDown = false;
  private closed = false;
  /** The browser's channels, in its own spelling, by key: replayed after every re-login. */
  private readonly channels = new Map<string, ChannelArg>();
  private readonly awaitingAck = new Set<string>();
  private readonly pending = new Map<string, PendingTrade>();
  /** Ops whose `sent` row an asynchronous audit log is still writing. */
  private readonly starting = new Set<string>();
  /** Trade ops whose session check waits for the database, in arrival order (trade()). */
  private tradeTurn: Promise<unknown> = Promise.resolve();
  /**
   * Ops whose answer never came (timeout, dropped link): the browser was told "unknown,
   * checking" and gets one final answer, from a late upstream answer or from
   * reconciliation, whichever comes first; the other is not passed on.
   */
  private readonly unknown = new Map<string, TradeOp>();
  private readonly credentials: string[];
  private readonly args = new ArgReader(64);
  private readonly dropped: DroppedMessageLog;

  constructor(private readonly o: PrivateRelayOptions) {
    const { account } = o;
    this.dropped = new DroppedMessageLog(o.logger, o.clock, { account: account.name });
    this.credentials = [account.apiKey, account.secret, account.passphrase].filter((s) => s.length >= 4);
    this.link = new UpstreamLink(o.deps.upstream.privateUrl, `private:${account.name}`, o.limits, o.logger, o.clock, {
      onOpen: () => this.login(),
      onMessage: (data) => this.onUpstream(data),
      onDown: () => this.onDown(),
    });
    this.link.start();
  }

  get isLoggedIn(): boolean {
    return this.loggedIn;
  }

  /** One parsed browser message (ping and JSON handled by the caller). */
  onBrowser(msg: Record<string, unknown>): void {
    switch (msg.op) {
      case 'login':
        // The browser has no keys to log in with; the relay already did (or is doing) it.
        if (this.loggedIn) this.sendLoginEvent();
        return;
      case 'subscribe':
        this.subscribe(msg);
        return;
      case 'unsubscribe':
        this.unsubscribe(msg);
        return;
      case 'trade':
        this.trade(msg);
        return;
      default:
        this.sendEvent({ event: 'error', code: '30003', msg: errorMessage('30003', this.o.locale) });
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      // The browser is gone, but the op may have been done: it is settled all the same.
      this.goUnknown(id, p, 'the browser disconnected before the answer');
    }
    this.pending.clear();
    this.link.close();
  }

  private login(): void {
    const { apiKey, secret, passphrase } = this.o.account;
    const timestamp = String(Math.floor(this.o.clock.now() / 1000));
    this.link.send(JSON.stringify(buildWsLogin({ apiKey, passphrase, secret, timestamp })));
  }

  private onDown(): void {
    this.loggedIn = false;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.goUnknown(id, p, 'the connection to the exchange dropped before its answer');
    }
    this.pending.clear();
    if (!this.wasDown && !this.closed) {
      this.wasDown = true;
      this.sendEvent({ event: 'relay', status: 'reconnecting' });
    }
  }

  private onUpstream(data: Buffer): void {
    // A push goes out as received, routed by its arg; events (login, acks, answers) are parsed.
    const head = this.loggedIn ? scanPush(data) : null;
    const channel = head === null ? null : this.args.read(data, head.argStart, head.argEnd);
    if (channel !== null) {
      if (this.carriesCredential(data)) {
        this.o.logger.error({ account: this.o.account.name }, 'upstream frame carrying a credential dropped');
        return;
      }
      this.o.queue.send(data, channel.key, channelKind(channel.arg.topic));
      return;
    }
    const msg = this.dropped.parseObject(data);
    if (msg === null) return;
    const event = msg.event;
    if (event === 'login') {
      if (msg.code === 0 || msg.code === '0') this.onLoggedIn();
      return;
    }
    if (!this.loggedIn && event === 'error') {
      this.onLoginFailed(msg);
      return;
    }
    // Everything below may reach the browser as upstream sent it.
    if (this.carriesCredential(data)) {
      this.o.logger.error({ account: this.o.account.name }, 'upstream frame carrying a credential dropped');
      return;
    }
    const id = typeof msg.id === 'string' ? msg.id : undefined;
    if ((event === 'trade' || event === 'error') && id !== undefined) {
      const p = this.pending.get(id);
      if (p !== undefined) {
        this.pending.delete(id);
        clearTimeout(p.timer);
        void this.answerTrade(p, msg, data, true);
        return;
      }
      const late = this.unknown.get(id);
      if (late !== undefined) {
        // The truth after all: it completes the row; the browser gets it unless it already had its final answer.
        this.unknown.delete(id);
        void this.answerTrade(late, msg, data, this.o.deps.reconcile !== undefined);
        return;
      }
      if (event === 'trade') {
        // An answer to no op of this socket's (already answered, or never ours): not passed on.
        this.dropped.note('trade answer for no waiting op dropped', data.length);
        return;
      }
    }
    const arg = readChannelArg(msg.arg);
    if (event === 'subscribe' && arg !== null) {
      // Acks of the relay's own resubscriptions are not the browser's business.
      const key = channelKey(arg);
      if (this.awaitingAck.delete(key)) this.sendEvent({ event: 'subscribe', arg: this.channels.get(key) ?? arg });
      return;
    }
    if (event === 'unsubscribe') return; // answered to the browser when it asked
    if (event === 'error' && arg !== null) {
      const key = channelKey(arg);
      this.channels.delete(key);
      this.awaitingAck.delete(key);
    }
    if (event === undefined && arg !== null) {
      this.o.queue.send(data, channelKey(arg), channelKind(arg.topic));
      return;
    }
    this.o.queue.send(data, EVENT_KEY, 'event');
  }

  private onLoggedIn(): void {
    this.loggedIn = true;
    this.link.markReady();
    if (!this.toldLogin) {
      this.toldLogin = true;
      this.sendLoginEvent();
    }
    if (this.channels.size > 0) this.link.send(JSON.stringify({ op: 'subscribe', args: [...this.channels.values()] }));
    // After the resubscription went up: the browser refetches on this (its order channel
    // has no snapshot, spec 4.7 rule 1), and what changes from now on is pushed again.
    if (this.wasDown) {
      this.wasDown = false;
      this.sendEvent({ event: 'relay', status: 'connected' });
    }
  }

  private onLoginFailed(msg: Record<string, unknown>): void {
    const code = typeof msg.code === 'string' || typeof msg.code === 'number' ? String(msg.code) : '30005';
    this.o.logger.warn({ account: this.o.account.name, code }, 'upstream login failed');
    // Upstream's own text is not passed on: a login error is the one place it could echo a key.
    this.sendEvent({ event: 'error', code, msg: `the exchange refused the login of account ${this.o.account.name}` });
    this.close();
    this.o.closeBrowser(4001, 'upstream login failed');
  }

  private subscribe(msg: Record<string, unknown>): void {
    const args = this.readArgs(msg);
    if (args === null) return;
    const fresh: ChannelArg[] = [];
    for (const arg of args) {
      const key = channelKey(arg);
      if (this.channels.has(key) && !this.awaitingAck.has(key)) {
        this.sendEvent({ event: 'subscribe', arg });
        continue;
      }
      this.channels.set(key, arg);
      this.awaitingAck.add(key);
      fresh.push(arg);
    }
    // Before login the channels are remembered and subscribed right after it.
    if (this.loggedIn && fresh.length > 0) this.link.send(JSON.stringify({ op: 'subscribe', args: fresh }));
  }

  private unsubscribe(msg: Record<string, unknown>): void {
    const args = this.readArgs(msg);
    if (args === null) return;
    const gone: ChannelArg[] = [];
    for (const arg of args) {
      const key = channelKey(arg);
      const held = this.channels.get(key);
      this.channels.delete(key);
      this.awaitingAck.delete(key);
      if (held !== undefined) gone.push(held);
      this.sendEvent({ event: 'unsubscribe', arg });
    }
    if (this.loggedIn && gone.length > 0) this.link.send(JSON.stringify({ op: 'unsubscribe', args: gone }));
  }

  /** The message's channels if it passes the strict check (ws-subscription-check.ts), else one error frame and null. */
  private readArgs(msg: Record<string, unknown>): ChannelArg[] | null {
    const checked = checkSubscription(msg, 'private', this.o.session);
    if (checked.ok) return checked.args;
    this.sendEvent({ event: 'error', code: checked.code, msg: errorMessage(checked.code, this.o.locale, checked.params) });
    return null;
  }

  private trade(msg: Record<string, unknown>): void {
    // A session that ended a moment ago (logout, removed or changed user) places nothing, and nothing is audited under it.
    const standing = this.o.deps.recheck?.(this.o.session, true);
    if (!(standing instanceof Promise)) return this.tradeStanding(msg, standing);
    // A session store that reads its database answers later: the ops wait in arrival order,
    // so they reach the exchange in the order the browser sent them.
    const topic = typeof msg.topic === 'string' ? msg.topic : 'trade';
    this.tradeTurn = this.tradeTurn
      .then(() => standing)
      .then(
        (s) => !this.closed && this.tradeStanding(msg, s),
        () =>
          !this.closed &&
          this.refuseTrade(msg, typeof msg.id === 'string' ? msg.id : undefined, topic, typeof msg.category === 'string' ? msg.category : undefined, 'DESK503S', errorMessage('DESK503S', this.o.locale, { detail: 'the session cannot be checked' }), undefined),
      );
  }

  private tradeStanding(msg: Record<string, unknown>, standing: SessionRecheck | undefined): void {
    if (standing !== undefined && !standing.ok) {
      this.o.endSession?.(standing.reason);
      return;
    }
    const verdict = checkWsTrade(msg, this.o.session, this.o.locale, this.o.deps.validateTradeOp);
    const topic = typeof msg.topic === 'string' ? msg.topic : 'trade';
    const category = typeof msg.category === 'string' ? msg.category : undefined;
    if (!verdict.ok) {
      this.refuseTrade(msg, verdict.id, topic, category, verdict.code, verdict.msg, verdict.field);
      return;
    }
    const id = verdict.op.id;
    if (this.pending.has(id) || this.starting.has(id)) {
      this.refuseTrade(msg, id, topic, category, 'DESK400', errorMessage('DESK400', this.o.locale, { field: 'id', detail: 'an op with this id is still waiting for its answer' }), 'id');
      return;
    }
    if (!this.loggedIn) {
      // Refused, not queued: an order sent minutes later, after a reconnect, is not what the trader asked for.
      this.refuseTrade(msg, id, topic, category, 'DESK502', errorMessage('DESK502', this.o.locale, { detail: 'not connected to the exchange; nothing was sent' }), undefined);
      return;
    }
    if (this.link.backlog >= MAX_TRADE_BACKLOG) {
      this.refuseTrade(msg, id, topic, category, 'DESK429', errorMessage('DESK429', this.o.locale, { detail: 'the exchange allows 10 messages per second per connection' }), undefined);
      return;
    }
    // Write-ahead: the op goes upstream only once the log holds it (no log, no order).
    const op: TradeOp = { body: msg, topic, category };
    let begun: ReturnType<WsRelayDeps['audit']>;
    try {
      begun = this.o.deps.audit(this.auditRecord(op, { state: 'sent', code: '', msg: '', answerArgs: undefined, decidedBy: undefined }));
    } catch (err) {
      this.auditUnavailable(id, op, err);
      return;
    }
    if (isPromise<WsAuditRow | void>(begun)) {
      // An asynchronous log: the op waits for its row, and its id stays taken meanwhile.
      this.starting.add(id);
      begun.then(
        (row) => {
          this.starting.delete(id);
          this.dispatch(id, { ...op, row: typeof row === 'number' ? row : undefined });
        },
        (err: unknown) => {
          this.starting.delete(id);
          this.auditUnavailable(id, op, err);
        },
      );
      return;
    }
    this.dispatch(id, { ...op, row: typeof begun === 'number' ? begun : undefined });
  }

  /** Sends an op whose `sent` row is written. */
  private dispatch(id: string, op: TradeOp): void {
    if (this.closed || !this.loggedIn) {
      // The link went while an asynchronous log wrote the row: nothing was sent, and the row says so.
      const msg = errorMessage('DESK502', this.o.locale, { detail: 'not connected to the exchange; nothing was sent' });
      if (this.closed) void this.writeAudit(op, 'DESK502', msg, undefined, 'relay');
      else void this.afterAudit(op, 'DESK502', msg, undefined, 'relay', JSON.stringify({ event: 'error', id, code: 'DESK502', msg }));
      return;
    }
    const timer = setTimeout(() => {
      const p = this.pending.get(id);
      if (p === undefined) return;
      this.pending.delete(id);
      this.goUnknown(id, p, `no answer in ${this.o.limits.tradeTimeoutMs / 1000} s`);
    }, this.o.limits.tradeTimeoutMs);
    this.pending.set(id, { ...op, timer });
    this.link.send(JSON.stringify(op.body));
  }

  /** The `sent` row could not be written: the op is refused, naming the cause, and nothing goes upstream. */
  private auditUnavailable(id: string, op: TradeOp, err: unknown): void {
    this.o.logger.error({ account: this.o.account.name, endpoint: `ws:${op.topic}`, err: briefMessageOf(err) }, 'audit log unavailable; trade op not sent');
    this.sendEvent({ event: 'error', id, code: 'DESK503', msg: errorMessage('DESK503', this.o.locale) });
  }

  private refuseTrade(
    body: Record<string, unknown>,
    id: string | undefined,
    topic: string,
    category: string | undefined,
    code: string,
    msg: string,
    field: string | undefined,
  ): void {
    const answer = { event: 'error', id, code, msg, ...(field === undefined ? {} : { field }) };
    void this.afterAudit({ body, topic, category }, code, msg, undefined, 'relay', JSON.stringify(answer));
  }

  private async answerTrade(p: TradeOp, msg: Record<string, unknown>, data: Buffer, deliver: boolean): Promise<void> {
    const code = typeof msg.code === 'string' || typeof msg.code === 'number' ? String(msg.code) : '';
    const text = typeof msg.msg === 'string' ? msg.msg : '';
    const answerArgs = Array.isArray(msg.args) ? msg.args : undefined;
    if (deliver) await this.afterAudit(p, code, text, answerArgs, 'upstream', data);
    else await this.writeAudit(p, code, text, answerArgs, 'upstream');
  }

  /**
   * The op's answer never came: its row says `unknown` (never failed), the browser is told
   * "unknown, checking" (not a final answer), and reconciliation looks its orders up by
   * clientOid. The first of a late upstream answer and reconciliation's finding is the
   * op's one final answer. Without a reconciler the final answer is DESK502U at once.
   */
  private goUnknown(id: string, p: TradeOp, why: string): void {
    const text = errorMessage('DESK502U', this.o.locale, { detail: why });
    this.unknown.set(id, p);
    void this.writeUnknown(p, text);
    const reconcile = this.o.deps.reconcile;
    if (reconcile === undefined) {
      this.sendEvent({ event: 'error', id, code: 'DESK502U', msg: text });
      return;
    }
    this.sendEvent({ event: 'trade-status', id, status: 'unknown', code: 'DESK502U', msg: text });
    const requestArgs = Array.isArray(p.body.args) ? p.body.args : undefined;
    reconcile({
      row: p.row,
      account: this.o.account.name,
      topic: p.topic,
      category: p.category,
      clientOids: splitList(joinField(requestArgs, 'clientOid')),
      orderIds: splitList(joinField(requestArgs, 'orderId')),
    }).then(
      (found) => {
        if (!this.unknown.delete(id)) return; // the late answer came first
        if (found === null) {
          this.sendEvent({ event: 'error', id, code: 'DESK502U', msg: errorMessage('DESK502U', this.o.locale, { detail: `${why}; it could not be looked up` }) });
        } else if (found.code === '0') {
          this.sendEvent({ event: 'trade', id, ...(p.category === undefined ? {} : { category: p.category }), topic: p.topic, args: found.args, code: '0', msg: found.msg, ts: String(this.o.clock.now()) });
        } else {
          this.sendEvent({ event: 'error', id, code: found.code, msg: found.msg });
        }
      },
      (err: unknown) => this.o.logger.error({ account: this.o.account.name, err: briefMessageOf(err) }, 'reconciling a trade op failed'),
    );
  }

  private async writeUnknown(p: TradeOp, text: string): Promise<void> {
    if (p.row === undefined) return;
    try {
      await this.o.deps.audit({ ...this.auditRecord(p, { state: 'unknown', code: '', msg: text, answerArgs: undefined, decidedBy: undefined }), sentRow: p.row });
    } catch (err) {
      this.o.logger.error({ account: this.o.account.name, auditRow: p.row, err: briefMessageOf(err) }, 'audit row not marked unknown; it stays "sent"');
    }
  }

  /** Records the outcome, then (and only then) lets the browser see the answer; it goes even if the record fails. */
  private async afterAudit(
    p: TradeOp,
    code: string,
    msg: string,
    answerArgs: unknown[] | undefined,
    decidedBy: WsAuditRecord['decidedBy'],
    answer: Buffer | string,
  ): Promise<void> {
    await this.writeAudit(p, code, msg, answerArgs, decidedBy);
    this.o.queue.send(answer, EVENT_KEY, 'event');
  }

  /** The outcome of an op: completes its `sent` row, or is the one row of an op never sent. */
  private async writeAudit(p: TradeOp, code: string, msg: string, answerArgs: unknown[] | undefined, decidedBy: WsAuditRecord['decidedBy']): Promise<void> {
    const record = this.auditRecord(p, { state: 'complete', code, msg, answerArgs, decidedBy });
    try {
      await this.o.deps.audit(record);
    } catch (err) {
      const what = p.row === undefined ? 'audit write failed' : 'audit result not recorded; the row stays "sent"';
      this.o.logger.error({ account: this.o.account.name, endpoint: record.endpoint, auditRow: p.row, code, err: briefMessageOf(err) }, what);
    }
  }

  private auditRecord(
    p: TradeOp,
    o: { state: WsAuditRecord['state']; code: string; msg: string; answerArgs: unknown[] | undefined; decidedBy: WsAuditRecord['decidedBy'] },
  ): WsAuditRecord {
    const { session, account } = this.o;
    const requestArgs = Array.isArray(p.body.args) ? p.body.args : undefined;
    return {
      time: this.o.clock.now(),
      user: session.user,
      role: session.role,
      account: account.name,
      uid: account.uid,
      endpoint: `ws:${p.topic}`,
      category: p.category,
      body: p.body,
      code: o.code,
      msg: o.msg,
      // Batches list theirs comma-separated, in order, so one row still finds every order.
      orderId: joinField(o.answerArgs, 'orderId') ?? joinField(requestArgs, 'orderId'),
      clientOid: joinField(o.answerArgs, 'clientOid') ?? joinField(requestArgs, 'clientOid'),
      decidedBy: o.decidedBy,
      state: o.state,
      sentRow: o.state === 'sent' ? undefined : p.row,
    };
  }

  private sendLoginEvent(): void {
    this.sendEvent({ event: 'login', code: 0, msg: '' });
  }

  private sendEvent(obj: object): void {
    this.o.queue.send(JSON.stringify(obj), EVENT_KEY, 'event');
  }

  private carriesCredential(data: Buffer): boolean {
    for (const c of this.credentials) if (data.includes(c)) return true;
    return false;
  }
}

function splitList(list: string | undefined): string[] {
  return list === undefined ? [] : list.split(',');
}

function joinField(items: unknown[] | undefined, field: string): string | undefined {
  if (items === undefined) return undefined;
  const values: string[] = [];
  for (const item of items) {
    const v = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
    if (typeof v === 'string' && v !== '') values.push(v);
  }
  return values.length > 0 ? values.join(',') : undefined;
}
