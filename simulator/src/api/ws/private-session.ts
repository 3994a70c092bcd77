// A connection to /v3/ws/private (spec 6.1, 6.2, 6.4): login first, then subscriptions
// to order/account/position/fill and trade operations. The depth channels are served here
// too, because the published bitget-api client points public and private topics at one
// URL (upstream-facts.md "Real clients").
import type WebSocket from 'ws';
import { localeFrom, type Locale } from '@contract/core/errors';
import { privateArg, privateTopics } from '@contract/schemas/ws-private';
import { check } from '@contract/core/validation';
import type { Simulator } from '../simulator-parts';
import type { DepthHub } from './depth-hub';
import { handleDepthArg, isDepthTopic } from './depth-subscriptions';
import type { PrivateFeed, PrivateSubscriber } from './private-feed';
import { runTradeOp } from './trade-ops';
import { verifyLogin } from './ws-login';
import type { ResolvedWsOptions } from './ws-options';
import { WsSession, type JsonObject } from './ws-session';

export class PrivateSession extends WsSession implements PrivateSubscriber {
  private loggedInUid: number | null = null;
  private readonly locale: Locale;

  constructor(
    ws: WebSocket,
    options: ResolvedWsOptions,
    private readonly sim: Pick<Simulator, 'accounts' | 'clock' | 'orders'>,
    private readonly feed: PrivateFeed,
    private readonly hub: DepthHub,
    private readonly onGone: (s: PrivateSession) => void,
    localeHeader?: string | string[],
  ) {
    super(ws, options);
    this.locale = localeFrom(localeHeader);
  }

  /** The logged-in account's UID; -1 (no account) before login. */
  get uid(): number {
    return this.loggedInUid ?? -1;
  }

  protected onMessage(msg: JsonObject): void {
    switch (msg.op) {
      case 'login':
        return this.login(msg);
      case 'subscribe':
      case 'unsubscribe':
        return this.subscription(msg.op, msg.args);
      case 'trade':
        return this.trade(msg);
      default:
        this.sendError('30003', { msg: `Invalid op: ${JSON.stringify(msg.op)}; expected login, subscribe, unsubscribe or trade` });
    }
  }

  protected onClose(): void {
    this.feed.drop(this);
    this.hub.drop(this);
    this.onGone(this);
  }

  private login(msg: JsonObject): void {
    const outcome = verifyLogin(msg, this.sim.accounts, this.sim.clock.now(), this.options.loginWindowMs);
    if (!outcome.ok) {
      // upstream-facts.md: an error, then the connection closes.
      this.sendError('30005', { msg: `Login failed: ${outcome.reason}` });
      this.close(4002, 'login failed');
      return;
    }
    if (this.loggedInUid !== null && this.loggedInUid !== outcome.account.uid) this.feed.drop(this);
    this.loggedInUid = outcome.account.uid;
    this.sendJson({ event: 'login', code: 0, msg: '' });
  }

  private subscription(op: 'subscribe' | 'unsubscribe', args: unknown): void {
    if (!Array.isArray(args) || args.length === 0) {
      this.sendError('30016', { msg: 'Parameter error: args must be a non-empty array of channels' });
      return;
    }
    for (const raw of args) {
      const topic = (raw as { topic?: unknown } | null)?.topic;
      if (isDepthTopic(topic)) {
        handleDepthArg(this, this.hub, op, raw);
        continue;
      }
      if (this.loggedInUid === null) {
        this.sendError('30004', { arg: raw });
        continue;
      }
      const checked = check(privateArg, raw);
      if (!checked.ok) {
        const msg = checked.field === 'topic' ? `Channel does not exist: topic must be one of ${privateTopics.join(', ')}` : `Channel does not exist: ${checked.field} ${checked.message}`;
        this.sendError('30001', { arg: raw, msg });
        continue;
      }
      const arg = checked.data;
      if (op === 'unsubscribe') {
        if (this.feed.unsubscribe(arg.topic, this)) this.sendJson({ event: 'unsubscribe', arg });
        else this.sendError('30010', { arg });
        continue;
      }
      this.cork();
      this.feed.subscribe(arg.topic, this);
      this.uncorkAfter(JSON.stringify({ event: 'subscribe', arg, connId: this.connId }));
    }
  }

  private trade(msg: JsonObject): void {
    const id = typeof msg.id === 'string' ? msg.id : undefined;
    if (this.loggedInUid === null) {
      this.sendError('30004', id !== undefined ? { id } : {});
      return;
    }
    // The answer goes out before the order pushes the operation caused.
    this.cork();
    try {
      this.sendAnswer(runTradeOp(this.sim.orders, this.loggedInUid, msg, () => this.sim.clock.now(), this.locale));
    } catch {
      this.sendAnswer({ event: 'error', ...(id !== undefined ? { id } : {}), code: '45001', msg: 'Internal error, please retry' });
    }
  }

  private sendAnswer(answer: { event: string; [field: string]: unknown }): void {
    // websocket.md: a trade answer names the connection it came over.
    this.uncorkAfter(JSON.stringify(answer.event === 'trade' ? { ...answer, connId: this.connId } : answer));
  }
}
