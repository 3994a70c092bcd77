// A connection to /v3/ws/public: the depth channels (spec 6.3) and the market topics
// ticker, kline and publicTrade (issue 18; market-topics.ts).
import type WebSocket from 'ws';
import type { DepthHub } from './depth-hub';
import { handleDepthArg } from './depth-subscriptions';
import { isMarketTopic, type MarketTopicHub } from './market-topics';
import type { ResolvedWsOptions } from './ws-options';
import { WsSession, type JsonObject } from './ws-session';

export class PublicSession extends WsSession {
  constructor(
    ws: WebSocket,
    options: ResolvedWsOptions,
    private readonly hub: DepthHub,
    private readonly marketHub: MarketTopicHub,
    private readonly onGone: (s: PublicSession) => void,
  ) {
    super(ws, options);
  }

  protected onMessage(msg: JsonObject): void {
    const op = msg.op;
    if (op !== 'subscribe' && op !== 'unsubscribe') {
      const hint = op === 'login' || op === 'trade' ? `; "${op}" is answered on /v3/ws/private` : '';
      this.sendError('30003', { msg: `Invalid op: ${JSON.stringify(op)}; expected subscribe or unsubscribe${hint}` });
      return;
    }
    if (!Array.isArray(msg.args) || msg.args.length === 0) {
      this.sendError('30016', { msg: 'Parameter error: args must be a non-empty array of channels' });
      return;
    }
    for (const arg of msg.args) {
      const topic = typeof arg === 'object' && arg !== null ? (arg as { topic?: unknown }).topic : undefined;
      if (isMarketTopic(topic)) this.marketHub.handle(this, op, arg);
      else handleDepthArg(this, this.hub, op, arg);
    }
  }

  protected onClose(): void {
    this.hub.drop(this);
    this.marketHub.drop(this);
    this.onGone(this);
  }
}
