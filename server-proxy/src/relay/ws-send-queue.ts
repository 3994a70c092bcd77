// A bounded send queue in front of one browser socket (ARCHITECTURE.md "Data flow in the
// proxy"; STYLE.md names the anti-pattern: a relay that calls send() without watching
// bufferedAmount). While the socket buffers less than `highWaterBytes` a message goes
// straight out; past that it waits here, and every send's completion callback drains it.
//
// What waits is bounded by the kind of channel (ws-channel.ts):
// - snapshot channels keep only the latest message per channel key;
// - an incremental channel (books) keeps its updates until the queue passes
//   `maxQueuedBytes`; then they are dropped and replaced by one placeholder that becomes a
//   fresh snapshot of the current book when the socket can take it. When the relay has no
//   copy to make one from, the placeholder waits for upstream's next snapshot instead,
//   dropping the updates until then (they would apply to a book the browser lacks);
// - events are never dropped; past `maxEventBytes` of them the browser is cut off, and
//   it reconnects and refetches (its order channel has no snapshot: spec 4.7 rule 1).
// So a stalled browser costs at most about maxQueuedBytes + maxEventBytes + highWaterBytes.
//
// Batching (a browser that asked for it, `?batch=1` on /ws/public): JSON messages leave
// as ONE frame holding a JSON array of them, and batched frames leave at least
// `batchWindowMs` apart. The pushes of one tick (one upstream chunk) share a frame;
// the first push after a pause leaves at the end of its tick, and pushes that come within
// the window of the last frame wait for the window's end. So a steady stream costs at most
// one frame per window, and a push waits at most a window, usually less. A browser
// pays per frame (the network process's IPC, a task and a MessageEvent on the receiving
// thread); at thousands of book pushes a second that per-frame cost, not the JSON, was the
// page's book socket's largest, and on a 2-core machine it cost the page its frame rate
// (BENCHMARKS.md "ui"). The window bounds what a push may wait; the relay's default is 0,
// one frame per upstream chunk and no timer (ws-relay-types.ts says why). A lone message,
// and any text that is not a JSON object (`pong`), goes out as itself, so a batching
// browser still reads the exchange's own messages.

import type { ChannelKind } from './ws-channel';

const OPEN = 1;
const RETRY_MS = 25;

/** The part of a `ws` WebSocket the queue uses. */
export interface QueueSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Buffer | string, options: { binary: boolean }, cb: (err?: Error | null) => void): void;
}

/**
 * The browser's TCP socket under the WebSocket. Writes in one tick are corked into one
 * writev: each ws.send is a syscall of its own otherwise, and at 50,000 messages a
 * second that syscall was the relay's largest cost (BENCHMARKS.md ws-relay).
 */
export interface CorkableTransport {
  cork(): void;
  uncork(): void;
}

export interface SendQueueLimits {
  highWaterBytes: number;
  maxQueuedBytes: number;
  maxEventBytes: number;
}

export interface SendQueueOptions {
  /** The transport to cork per burst (see CorkableTransport). */
  transport?: CorkableTransport;
  /**
   * Batching: the JSON messages of one tick leave as one frame (a JSON array), and batched
   * frames leave at least this many ms apart; 0 = one frame per tick; absent = no batching.
   */
  batchWindowMs?: number;
  /** The clock for the spacing (ms); performance.now by default. */
  now?: () => number;
}

const OPEN_BRACE = 0x7b;
const COMMA = Buffer.from(',');
const OPEN_BRACKET = Buffer.from('[');
const CLOSE_BRACKET = Buffer.from(']');

/** snapshotFor's answer when upstream was asked for a fresh snapshot, to come through sendBase. */
export const AWAIT_UPSTREAM = Symbol('await upstream snapshot');

export interface SendQueueHooks {
  /**
   * A fresh snapshot message of incremental channel `key`; AWAIT_UPSTREAM when the relay
   * has no copy but upstream will send one (updates are dropped until it comes); null
   * when none is known at all (updates then flow again).
   */
  snapshotFor(key: string): string | typeof AWAIT_UPSTREAM | null;
  /** The browser fell too far behind on messages that may not be dropped. */
  onOverflow(): void;
}

export interface SendQueueStats {
  queuedBytes: number;
  queuedMessages: number;
  /** The largest queuedBytes ever reached: what the tests bound. */
  peakQueuedBytes: number;
  sent: number;
  conflated: number;
  droppedUpdates: number;
  resyncs: number;
}

interface Entry {
  key: string;
  /** 'awaiting' lives only in `latest`: a resync that waits for upstream's snapshot. */
  kind: ChannelKind | 'resync' | 'awaiting';
  data: Buffer | string | null;
  bytes: number;
}

export class BrowserSendQueue {
  private entries: (Entry | undefined)[] = [];
  private head = 0;
  /** The queued entry of each snapshot channel and each pending resync, by key. */
  private readonly latest = new Map<string, Entry>();
  private incrementalBytes = 0;
  private eventBytes = 0;
  private closed = false;
  /** Our sends whose completion callback has not run yet. */
  private inFlight = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private corked = false;
  /** Messages waiting to leave as one frame (batching only). */
  private batch: Buffer[] = [];
  private batchBytes = 0;
  /** Set while the batch waits for its window's end; otherwise a batch leaves at the end of its tick. */
  private batchTimer: NodeJS.Timeout | null = null;
  private lastBatchAt = -Infinity;
  private readonly now: () => number;
  private readonly transport: CorkableTransport | undefined;
  private readonly batching: boolean;
  private readonly batchWindowMs: number;
  readonly stats: SendQueueStats = {
    queuedBytes: 0,
    queuedMessages: 0,
    peakQueuedBytes: 0,
    sent: 0,
    conflated: 0,
    droppedUpdates: 0,
    resyncs: 0,
  };
  private readonly written = (err?: Error | null): void => {
    this.inFlight--;
    // Node passes null on success.
    if (!err && this.head < this.entries.length) this.flush();
  };
  private readonly retry = (): void => {
    this.retryTimer = null;
    this.flush();
  };
  private readonly endOfTick = (): void => {
    this.corked = false;
    if (this.batchTimer === null) this.sendBatch();
    this.transport?.uncork();
  };
  private readonly endOfWindow = (): void => {
    this.batchTimer = null;
    this.sendBatch();
  };

  constructor(
    private readonly socket: QueueSocket,
    private readonly limits: SendQueueLimits,
    private readonly hooks: SendQueueHooks,
    options: SendQueueOptions = {},
  ) {
    this.transport = options.transport;
    this.batching = options.batchWindowMs !== undefined;
    this.batchWindowMs = Math.max(0, options.batchWindowMs ?? 0);
    this.now = options.now ?? (() => performance.now());
  }

  /** Sends or queues one message of channel `key` (use a unique-enough key for events). */
  send(data: Buffer | string, key: string, kind: ChannelKind): void {
    if (this.closed) return;
    if (kind === 'incremental' && this.resyncPending(key)) {
      // The pending snapshot is made when it goes out (or comes from upstream), so it
      // will already hold this update.
      this.stats.droppedUpdates++;
      return;
    }
    if (this.head === this.entries.length && this.buffered() < this.limits.highWaterBytes) {
      this.write(data);
      return;
    }
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (kind === 'snapshot') {
      const queued = this.latest.get(key);
      if (queued !== undefined) {
        this.stats.queuedBytes += bytes - queued.bytes;
        queued.data = data;
        queued.bytes = bytes;
        this.stats.conflated++;
        this.notePeak();
        return;
      }
    }
    const entry: Entry = { key, kind, data, bytes };
    this.entries.push(entry);
    if (kind === 'snapshot') this.latest.set(key, entry);
    if (kind === 'incremental') this.incrementalBytes += bytes;
    if (kind === 'event') this.eventBytes += bytes;
    this.stats.queuedBytes += bytes;
    this.stats.queuedMessages++;
    this.notePeak();
    if (this.stats.queuedBytes > this.limits.maxQueuedBytes && this.incrementalBytes > 0) this.resyncAllIncremental();
    if (this.eventBytes > this.limits.maxEventBytes) {
      this.close();
      this.hooks.onOverflow();
    }
  }

  /**
   * Drops what is queued for incremental channel `key` and sends a fresh snapshot of it
   * as soon as the socket can take one; updates until then are dropped. Used for a late
   * joiner of a shared books subscription and for a browser that fell behind.
   */
  resync(key: string): void {
    if (this.closed) return;
    // A wait for upstream's snapshot is asked again: the relay may have a copy by now, or
    // (re)asks upstream, so an old wait never strands a browser that subscribed anew.
    if (this.latest.get(key)?.kind === 'resync') return;
    this.stats.resyncs++;
    this.dropIncremental(key);
    const entry: Entry = { key, kind: 'resync', data: null, bytes: 0 };
    this.entries.push(entry);
    this.latest.set(key, entry);
    this.stats.queuedMessages++;
    this.flush();
  }

  /**
   * Upstream's own snapshot of incremental channel `key`. It answers a pending resync of
   * the key (taking its place in the queue), and otherwise goes out as any update does.
   */
  sendBase(data: Buffer | string, key: string): void {
    if (this.closed) return;
    const pending = this.latest.get(key);
    if (pending?.kind === 'resync') {
      const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
      this.latest.delete(key);
      pending.kind = 'incremental';
      pending.data = data;
      pending.bytes = bytes;
      this.incrementalBytes += bytes;
      this.stats.queuedBytes += bytes;
      this.notePeak();
      return;
    }
    if (pending?.kind === 'awaiting') this.latest.delete(key);
    this.send(data, key, 'incremental');
  }

  /** Forgets everything queued (the browser went away). */
  close(): void {
    this.closed = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.entries = [];
    this.head = 0;
    this.batch = [];
    this.batchBytes = 0;
    if (this.batchTimer !== null) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    this.latest.clear();
    this.incrementalBytes = 0;
    this.eventBytes = 0;
    this.stats.queuedBytes = 0;
    this.stats.queuedMessages = 0;
  }

  private flush(): void {
    while (this.head < this.entries.length) {
      if (this.closed || this.socket.readyState !== OPEN) return;
      if (this.buffered() >= this.limits.highWaterBytes) {
        // Normally a pending send's callback resumes us. If the buffer is full of bytes
        // that are not ours (ws's own control frames), nothing would: poll instead.
        if (this.inFlight === 0 && this.retryTimer === null) {
          this.retryTimer = setTimeout(this.retry, RETRY_MS);
          this.retryTimer.unref();
        }
        return;
      }
      const entry = this.entries[this.head]!;
      this.entries[this.head++] = undefined;
      this.stats.queuedMessages--;
      this.stats.queuedBytes -= entry.bytes;
      if (entry.kind === 'incremental') this.incrementalBytes -= entry.bytes;
      if (entry.kind === 'event') this.eventBytes -= entry.bytes;
      if (this.latest.get(entry.key) === entry) this.latest.delete(entry.key);
      if (entry.kind === 'resync') {
        const snapshot = this.hooks.snapshotFor(entry.key);
        if (typeof snapshot === 'string') this.write(snapshot);
        // No trustworthy book here right now, but upstream's next snapshot (it follows
        // every (re)subscription) is on its way and ends the wait, through sendBase.
        else if (snapshot === AWAIT_UPSTREAM) this.latest.set(entry.key, { key: entry.key, kind: 'awaiting', data: null, bytes: 0 });
      } else if (entry.data !== null) {
        this.write(entry.data);
      }
    }
    this.entries = [];
    this.head = 0;
  }

  /** What the socket holds plus what the waiting batch will add to it. */
  private buffered(): number {
    return this.socket.bufferedAmount + this.batchBytes;
  }

  private write(data: Buffer | string): void {
    if (!this.corked && (this.transport !== undefined || this.batching)) {
      // The burst (one upstream chunk's messages) is handed over at the end of this tick.
      this.corked = true;
      this.transport?.cork();
      process.nextTick(this.endOfTick);
    }
    this.stats.sent++;
    if (this.batching) {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      if (bytes[0] === OPEN_BRACE) {
        if (this.batch.length === 0) {
          // The first push after a pause leaves with its tick; within a window of the
          // last frame, pushes wait for the window's end. (A window of 0: every tick.)
          const wait = this.lastBatchAt + this.batchWindowMs - this.now();
          if (wait > 0) {
            this.batchTimer = setTimeout(this.endOfWindow, wait);
            this.batchTimer.unref();
          }
        }
        this.batch.push(bytes);
        this.batchBytes += bytes.length;
        return;
      }
      this.sendBatch(); // keeps the order: what was batched before this goes first
    }
    this.inFlight++;
    this.socket.send(data, { binary: false }, this.written);
  }

  private sendBatch(): void {
    if (this.batchTimer !== null) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    const items = this.batch;
    if (items.length === 0 || this.closed) return;
    this.batch = [];
    this.batchBytes = 0;
    this.lastBatchAt = this.now();
    let frame: Buffer;
    if (items.length === 1) {
      frame = items[0]!;
    } else {
      const parts: Buffer[] = [OPEN_BRACKET];
      for (let i = 0; i < items.length; i++) {
        if (i > 0) parts.push(COMMA);
        parts.push(items[i]!);
      }
      parts.push(CLOSE_BRACKET);
      frame = Buffer.concat(parts);
    }
    this.inFlight++;
    this.socket.send(frame, { binary: false }, this.written);
  }

  private resyncPending(key: string): boolean {
    const kind = this.latest.get(key)?.kind;
    return kind === 'resync' || kind === 'awaiting';
  }

  private resyncAllIncremental(): void {
    const keys = new Set<string>();
    for (let i = this.head; i < this.entries.length; i++) {
      const e = this.entries[i]!;
      if (e.kind === 'incremental') keys.add(e.key);
    }
    for (const key of keys) this.resync(key);
  }

  /** Removes the queued messages of incremental channel `key`, and compacts the queue. */
  private dropIncremental(key: string): void {
    const kept: (Entry | undefined)[] = [];
    for (let i = this.head; i < this.entries.length; i++) {
      const e = this.entries[i]!;
      if (e.kind === 'incremental' && e.key === key) {
        this.incrementalBytes -= e.bytes;
        this.stats.queuedBytes -= e.bytes;
        this.stats.queuedMessages--;
        this.stats.droppedUpdates++;
      } else {
        kept.push(e);
      }
    }
    this.entries = kept;
    this.head = 0;
  }

  private notePeak(): void {
    if (this.stats.queuedBytes > this.stats.peakQueuedBytes) this.stats.peakQueuedBytes = this.stats.queuedBytes;
  }
}
