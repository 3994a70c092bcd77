// Public market data shared by every browser: one upstream socket, one upstream
// subscription per (instType, topic, symbol), reference-counted by the browsers on it,
// and every push fanned out to their send queues (issue 5 item 7).
//
// Joining late: upstream sends a channel's state only at subscription (books: one
// snapshot, then updates; snapshot channels: only on change, spec 6.3), so the hub keeps
// the state of each subscription (a RelayBook for books, the last push otherwise) and
// gives a late joiner that state before anything else.
//
// Cost per push: pushes are routed by scanning their `arg` (ws-push-route.ts), never
// parsed, and the bytes upstream sent go unchanged to every subscriber: one Buffer,
// however many browsers. The book copy is parsed only when a browser needs a snapshot.

import { RelayBook } from './ws-book-state';
import { channelKey, channelKind, readChannelArg, type ChannelArg, type ChannelKind } from './ws-channel';
import { ArgReader, scanPush } from './ws-push-route';
import { DroppedMessageLog } from './ws-dropped-log';
import { AWAIT_UPSTREAM, type BrowserSendQueue } from './ws-send-queue';
import type { RelayClock, RelayLimits, RelayLogger } from './ws-relay-types';
import { UpstreamLink } from './ws-upstream';

/** A browser on the public socket, as the hub sees it. */
export interface HubClient {
  readonly queue: BrowserSendQueue;
  /** The browser's own spelling of each channel it holds, by key. */
  readonly channels: Map<string, ChannelArg>;
}

interface SharedSubscription {
  readonly key: string;
  /** The spelling sent upstream (the first subscriber's). */
  readonly arg: ChannelArg;
  readonly kind: ChannelKind;
  readonly subscribers: Set<HubClient>;
  /** Subscribers that have not had their subscribe answer yet. */
  readonly awaitingAck: Set<HubClient>;
  acked: boolean;
  /** A refresh is under way; no second one until its snapshot arrives. */
  refreshing: boolean;
  readonly book: RelayBook | null;
  /** The last push of a snapshot channel, for late joiners. */
  last: Buffer | null;
}

export const EVENT_KEY = 'event';
/** Upstream rejects oversized messages (code 30008); keep each subscribe message modest. */
const ARGS_PER_MESSAGE = 50;

export class PublicHub {
  private readonly subs = new Map<string, SharedSubscription>();
  private readonly clients = new Set<HubClient>();
  private link: UpstreamLink | null = null;
  private readonly toSubscribe = new Map<string, ChannelArg>();
  private readonly toUnsubscribe = new Map<string, ChannelArg>();
  private flushScheduled = false;
  private wasDown = false;
  private readonly args = new ArgReader();
  private readonly dropped: DroppedMessageLog;

  constructor(
    private readonly url: string,
    private readonly limits: RelayLimits,
    private readonly logger: RelayLogger,
    private readonly clock: RelayClock,
  ) {
    this.dropped = new DroppedMessageLog(logger, clock, { upstream: 'public' });
  }

  /** Upstream subscriptions currently held, by key (for tests and status). */
  get upstreamKeys(): string[] {
    return [...this.subs.keys()];
  }

  /** The upstream link, while one exists. */
  get upstream(): UpstreamLink | null {
    return this.link;
  }

  addClient(client: HubClient): void {
    this.clients.add(client);
    // A browser that arrives during an outage hears of it, as the others did.
    if (this.wasDown) client.queue.send(RELAY_RECONNECTING, EVENT_KEY, 'event');
  }

  /** Releases everything the browser held; the last one out unsubscribes upstream. */
  removeClient(client: HubClient): void {
    this.clients.delete(client);
    for (const key of client.channels.keys()) this.leave(client, key);
    client.channels.clear();
    this.closeIfUnused();
  }

  subscribe(client: HubClient, rawArg: unknown): string | null {
    const arg = readChannelArg(rawArg);
    if (arg === null) return 'each arg needs instType and topic (strings), and symbol must be a string';
    const key = channelKey(arg);
    if (client.channels.has(key)) {
      client.queue.send(JSON.stringify({ event: 'subscribe', arg }), EVENT_KEY, 'event');
      return null;
    }
    client.channels.set(key, arg);
    let sub = this.subs.get(key);
    if (sub === undefined) {
      const kind = channelKind(arg.topic);
      sub = {
        key,
        arg,
        kind,
        subscribers: new Set(),
        awaitingAck: new Set(),
        acked: false,
        refreshing: false,
        book: kind === 'incremental' ? new RelayBook(this.limits.bookBacklogBytes) : null,
        last: null,
      };
      this.subs.set(key, sub);
      this.requestUpstream(key, arg, true);
    }
    sub.subscribers.add(client);
    if (!sub.acked) {
      sub.awaitingAck.add(client);
      return null;
    }
    client.queue.send(JSON.stringify({ event: 'subscribe', arg }), EVENT_KEY, 'event');
    if (sub.kind === 'incremental') client.queue.resync(key);
    else if (sub.last !== null) client.queue.send(sub.last, key, sub.kind);
    return null;
  }

  unsubscribe(client: HubClient, rawArg: unknown): string | null {
    const arg = readChannelArg(rawArg);
    if (arg === null) return 'each arg needs instType and topic (strings), and symbol must be a string';
    const key = channelKey(arg);
    client.channels.delete(key);
    this.leave(client, key);
    client.queue.send(JSON.stringify({ event: 'unsubscribe', arg }), EVENT_KEY, 'event');
    this.closeIfUnused();
    return null;
  }

  /**
   * A snapshot push of books channel `key` in `client`'s spelling, made from the kept
   * book; AWAIT_UPSTREAM when there is no usable copy and upstream's snapshot is coming.
   */
  snapshotFor(client: HubClient, key: string): string | typeof AWAIT_UPSTREAM | null {
    const sub = this.subs.get(key);
    const arg = client.channels.get(key);
    if (sub?.book == null || arg === undefined) return null;
    const now = this.clock.now();
    const data = sub.book.snapshotData(String(now));
    if (data !== null) return JSON.stringify({ arg, action: 'snapshot', data: [data], ts: now });
    // No copy (given up for its length, never had, or failed its checksum): a fresh
    // upstream snapshot, which everyone on the channel gets. Not yet acked, or the link
    // down: the (re)subscription brings one anyway.
    if (sub.acked) this.refresh(sub);
    return AWAIT_UPSTREAM;
  }

  close(): void {
    this.link?.close();
    this.link = null;
    this.subs.clear();
    this.clients.clear();
  }

  private leave(client: HubClient, key: string): void {
    const sub = this.subs.get(key);
    if (sub === undefined) return;
    sub.subscribers.delete(client);
    sub.awaitingAck.delete(client);
    if (sub.subscribers.size === 0) {
      this.subs.delete(key);
      this.requestUpstream(key, sub.arg, false);
    }
  }

  private closeIfUnused(): void {
    if (this.subs.size > 0 || this.link === null) return;
    // Nobody needs market data any more: no half-open upstream left behind (BENCHMARKS.md ws-relay).
    this.link.close();
    this.link = null;
    this.toSubscribe.clear();
    this.toUnsubscribe.clear();
    // The next link starts afresh; its own failure, if any, is announced then.
    this.wasDown = false;
  }

  private ensureLink(): UpstreamLink {
    if (this.link !== null) return this.link;
    const link = new UpstreamLink(this.url, 'public', this.limits, this.logger, this.clock, {
      onOpen: () => this.onOpen(),
      onMessage: (data) => this.onMessage(data),
      onDown: () => this.onDown(),
    });
    this.link = link;
    link.start();
    return link;
  }

  /** Queues a subscribe or unsubscribe; one tick's worth goes upstream as one message. */
  private requestUpstream(key: string, arg: ChannelArg, subscribe: boolean): void {
    const link = this.ensureLink();
    if (subscribe) {
      // Also after a pending unsubscribe of the same key: flushRequests sends unsubscribes
      // first, so upstream answers the new subscription with a new ack and snapshot.
      this.toSubscribe.set(key, arg);
    } else if (!this.toSubscribe.delete(key)) {
      this.toUnsubscribe.set(key, arg);
    }
    if (!link.isOpen || this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flushRequests());
  }

  private flushRequests(): void {
    this.flushScheduled = false;
    const link = this.link;
    if (link === null || !link.isOpen) return;
    sendInChunks(link, 'unsubscribe', [...this.toUnsubscribe.values()]);
    sendInChunks(link, 'subscribe', [...this.toSubscribe.values()]);
    this.toUnsubscribe.clear();
    this.toSubscribe.clear();
  }

  private onOpen(): void {
    // A new upstream session knows nothing: subscribe every channel still held.
    this.toUnsubscribe.clear();
    this.toSubscribe.clear();
    for (const sub of this.subs.values()) this.toSubscribe.set(sub.key, sub.arg);
    this.flushRequests();
    if (this.wasDown) {
      this.wasDown = false;
      this.broadcast(JSON.stringify({ event: 'relay', status: 'connected' }));
    }
  }

  private onDown(): void {
    for (const sub of this.subs.values()) {
      sub.acked = false;
      sub.refreshing = false;
      sub.book?.reset();
      sub.last = null;
    }
    if (!this.wasDown) {
      this.wasDown = true;
      this.broadcast(RELAY_RECONNECTING);
    }
  }

  private onMessage(data: Buffer): void {
    const head = scanPush(data);
    if (head === null) {
      this.onParsedMessage(data);
      return;
    }
    const channel = this.args.read(data, head.argStart, head.argEnd);
    if (channel === null) {
      this.dropped.note('upstream push with an unreadable arg dropped', data.length);
      return;
    }
    this.onPush(channel.key, head.action, data);
  }

  /** Events, and anything the scan could not follow: parsed in full (rare). */
  private onParsedMessage(data: Buffer): void {
    const msg = this.dropped.parseObject<UpstreamMessage>(data);
    if (msg === null) return;
    const arg = readChannelArg(msg.arg);
    if (arg === null) {
      if (msg.event === 'error') this.logger.warn({ upstream: 'public', code: msg.code, msg: msg.msg }, 'upstream error');
      else if (msg.event !== 'unsubscribe') this.dropped.note('upstream message without a channel dropped', data.length);
      return;
    }
    const key = channelKey(arg);
    if (msg.event !== undefined) {
      const sub = this.subs.get(key);
      if (sub !== undefined) this.onEvent(sub, msg, data);
      return;
    }
    this.onPush(key, typeof msg.action === 'string' ? msg.action : undefined, data);
  }

  private onPush(key: string, action: string | undefined, data: Buffer): void {
    const sub = this.subs.get(key);
    if (sub === undefined) return; // a push that raced our unsubscribe
    if (sub.book !== null) {
      if (action === 'snapshot') {
        sub.refreshing = false;
        sub.book.noteSnapshot(data);
        for (const client of sub.subscribers) client.queue.sendBase(data, sub.key);
        return;
      }
      sub.book.noteUpdate(data);
    } else if (sub.kind === 'snapshot') {
      sub.last = data;
    }
    for (const client of sub.subscribers) client.queue.send(data, sub.key, sub.kind);
  }

  private onEvent(sub: SharedSubscription, msg: UpstreamMessage, data: Buffer): void {
    if (msg.event === 'subscribe') {
      sub.acked = true;
      for (const client of sub.awaitingAck) {
        const arg = client.channels.get(sub.key) ?? sub.arg;
        client.queue.send(JSON.stringify({ event: 'subscribe', arg }), EVENT_KEY, 'event');
      }
      sub.awaitingAck.clear();
    } else if (msg.event === 'error') {
      // Upstream refused the channel (e.g. 30001): everyone on it hears so, and it is dropped.
      for (const client of sub.subscribers) {
        client.queue.send(data, EVENT_KEY, 'event');
        client.channels.delete(sub.key);
      }
      this.subs.delete(sub.key);
      this.closeIfUnused();
    }
  }

  /** Re-subscribes one channel upstream so that upstream sends a fresh snapshot. */
  private refresh(sub: SharedSubscription): void {
    const link = this.link;
    if (link === null || !link.isOpen || sub.refreshing) return;
    sub.refreshing = true;
    this.logger.info({ channel: sub.key }, 'no usable book copy for a browser; asking upstream for a fresh snapshot');
    sub.book?.reset();
    link.send(JSON.stringify({ op: 'unsubscribe', args: [sub.arg] }));
    link.send(JSON.stringify({ op: 'subscribe', args: [sub.arg] }));
  }

  private broadcast(text: string): void {
    for (const client of this.clients) client.queue.send(text, EVENT_KEY, 'event');
  }
}

const RELAY_RECONNECTING = JSON.stringify({ event: 'relay', status: 'reconnecting' });

interface UpstreamMessage {
  event?: string;
  arg?: unknown;
  action?: string;
  data?: unknown[];
  code?: unknown;
  msg?: unknown;
}

function sendInChunks(link: UpstreamLink, op: 'subscribe' | 'unsubscribe', args: ChannelArg[]): void {
  for (let i = 0; i < args.length; i += ARGS_PER_MESSAGE) {
    link.send(JSON.stringify({ op, args: args.slice(i, i + ARGS_PER_MESSAGE) }));
  }
}
