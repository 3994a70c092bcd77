import { describe, expect, it, vi } from 'vitest';
import { channelKind } from './ws-channel';
import { AWAIT_UPSTREAM, BrowserSendQueue, type QueueSocket, type SendQueueHooks } from './ws-send-queue';

/** A socket whose buffer the test fills and drains by hand. */
class FakeSocket implements QueueSocket {
  bufferedAmount = 0;
  readyState = 1;
  readonly sent: string[] = [];
  private callbacks: ((err?: Error) => void)[] = [];

  send(data: Buffer | string, _opts: { binary: boolean }, cb: (err?: Error) => void): void {
    const text = data.toString();
    this.sent.push(text);
    this.bufferedAmount += Buffer.byteLength(text);
    this.callbacks.push(cb);
  }

  /** The browser reads everything: the buffer empties and every send completes. */
  drain(): void {
    this.bufferedAmount = 0;
    const cbs = this.callbacks;
    this.callbacks = [];
    for (const cb of cbs) cb();
  }
}

const limits = { highWaterBytes: 1000, maxQueuedBytes: 10_000, maxEventBytes: 20_000 };

function setup(snapshot: SendQueueHooks['snapshotFor'] = (key) => `snapshot:${key}`) {
  const socket = new FakeSocket();
  let overflows = 0;
  const queue = new BrowserSendQueue(socket, limits, { snapshotFor: snapshot, onOverflow: () => overflows++ });
  return { socket, queue, overflows: () => overflows };
}

/** Fills the socket's buffer with one send of our own, as a browser that stopped reading leaves it. */
function stall(queue: BrowserSendQueue): void {
  queue.send('s'.repeat(limits.highWaterBytes), 'stall', 'event');
}

const update = (i: number) => `update:${i}:${'x'.repeat(90)}`;

describe('BrowserSendQueue', () => {
  it('sends straight through while the socket buffers less than the high-water mark', () => {
    const { socket, queue } = setup();
    queue.send('a', 'k', 'event');
    queue.send('b', 'k', 'event');
    expect(socket.sent).toEqual(['a', 'b']);
    expect(queue.stats.queuedMessages).toBe(0);
  });

  it('never writes past the high-water mark of a stalled socket', () => {
    const { socket, queue } = setup();
    for (let i = 0; i < 1000; i++) queue.send(update(i), 'books', 'incremental');
    // One write may cross the mark; nothing after it is written.
    expect(socket.bufferedAmount).toBeLessThan(limits.highWaterBytes + update(0).length + 1);
    expect(socket.sent.length).toBeLessThan(1000);
  });

  it('keeps a stalled browser within maxQueuedBytes on an incremental firehose by resyncing it', () => {
    const { socket, queue } = setup();
    for (let i = 0; i < 100_000; i++) queue.send(update(i), 'books|BTC', 'incremental');
    expect(queue.stats.peakQueuedBytes).toBeLessThanOrEqual(limits.maxQueuedBytes + update(0).length);
    expect(queue.stats.resyncs).toBeGreaterThan(0);
    expect(queue.stats.droppedUpdates).toBeGreaterThan(90_000);
    // Once the browser reads again, the first thing it gets on that channel is a fresh snapshot.
    const before = socket.sent.length;
    socket.drain();
    expect(socket.sent[before]).toBe('snapshot:books|BTC');
    // And updates after the snapshot flow again.
    socket.drain();
    queue.send(update(100_001), 'books|BTC', 'incremental');
    expect(socket.sent.at(-1)).toBe(update(100_001));
  });

  it('conflates a snapshot channel to its latest message while the browser is stalled', () => {
    const { socket, queue } = setup();
    stall(queue);
    for (let i = 0; i < 500; i++) queue.send(`books5:${i}`, 'books5|BTC', 'snapshot');
    for (let i = 0; i < 500; i++) queue.send(`account:${i}`, 'account', 'snapshot');
    expect(queue.stats.queuedMessages).toBe(2);
    socket.drain();
    expect(socket.sent.slice(1)).toEqual(['books5:499', 'account:499']);
  });

  it('keeps every event in order and cuts off a browser whose events pass maxEventBytes', () => {
    const { socket, queue, overflows } = setup();
    stall(queue);
    const event = 'e'.repeat(100);
    for (let i = 0; i < 150; i++) queue.send(`${i}:${event}`, 'event', 'event');
    expect(overflows()).toBe(0);
    expect(queue.stats.queuedMessages).toBe(150);
    while (queue.stats.queuedMessages > 0) socket.drain();
    expect(socket.sent.slice(1).map((s) => Number(s.split(':')[0]))).toEqual([...Array(150).keys()]);
    stall(queue);
    for (let i = 0; i < 300; i++) queue.send(event, 'event', 'event');
    expect(overflows()).toBe(1);
    expect(queue.stats.queuedBytes).toBe(0);
  });

  it('gives a late joiner a snapshot before any update of the channel, and drops updates made stale by it', () => {
    const { socket, queue } = setup();
    stall(queue);
    queue.resync('books|ETH');
    queue.send('update-after-join', 'books|ETH', 'incremental');
    expect(queue.stats.droppedUpdates).toBe(1);
    socket.drain();
    expect(socket.sent.slice(1)).toEqual(['snapshot:books|ETH']);
    socket.drain();
    queue.send('next-update', 'books|ETH', 'incremental');
    expect(socket.sent.slice(1)).toEqual(['snapshot:books|ETH', 'next-update']);
  });

  it('lets upstream updates through again when no snapshot can be made yet', () => {
    const { socket, queue } = setup(() => null);
    queue.resync('books|ETH');
    expect(socket.sent).toEqual([]);
    queue.send('upstream-snapshot', 'books|ETH', 'incremental');
    expect(socket.sent).toEqual(['upstream-snapshot']);
  });

  it('never conflates position pushes: a stalled browser still gets one symbol\'s update after another\'s', () => {
    // The simulator pushes the changed positions only (spec 6.2), so the latest push is not the whole state.
    expect(channelKind('position')).toBe('event');
    const { socket, queue } = setup();
    stall(queue);
    const btc = '{"arg":{"instType":"UTA","topic":"position"},"action":"update","data":[{"symbol":"BTCUSDT","total":"1"}]}';
    const eth = '{"arg":{"instType":"UTA","topic":"position"},"action":"update","data":[{"symbol":"ETHUSDT","total":"2"}]}';
    queue.send(btc, 'uta|position|', channelKind('position'));
    queue.send(eth, 'uta|position|', channelKind('position'));
    expect(queue.stats.conflated).toBe(0);
    socket.drain();
    expect(socket.sent.slice(1)).toEqual([btc, eth]);
  });

  it('conflates account pushes, each being the full assets view, and never order or fill pushes', () => {
    expect(channelKind('account')).toBe('snapshot');
    expect(channelKind('order')).toBe('event');
    expect(channelKind('fill')).toBe('event');
    const { socket, queue } = setup();
    stall(queue);
    for (let i = 0; i < 5; i++) queue.send(`account:${i}`, 'uta|account|', channelKind('account'));
    for (let i = 0; i < 5; i++) queue.send(`order:${i}`, 'uta|order|', channelKind('order'));
    socket.drain();
    expect(socket.sent.slice(1)).toEqual(['account:4', 'order:0', 'order:1', 'order:2', 'order:3', 'order:4']);
  });

  it('drops updates while it waits for upstream\'s snapshot, sends that snapshot, then lets updates flow', () => {
    const { socket, queue } = setup(() => AWAIT_UPSTREAM);
    queue.resync('books|ETH');
    queue.send('orphan-update', 'books|ETH', 'incremental');
    expect(socket.sent).toEqual([]);
    expect(queue.stats.droppedUpdates).toBe(1);
    queue.sendBase('upstream-snapshot', 'books|ETH');
    queue.send('next-update', 'books|ETH', 'incremental');
    expect(socket.sent).toEqual(['upstream-snapshot', 'next-update']);
  });

  it('puts an upstream snapshot in the place of a resync still queued, ahead of later updates', () => {
    const { socket, queue } = setup();
    stall(queue);
    queue.resync('books|ETH');
    queue.send('dropped-update', 'books|ETH', 'incremental');
    queue.sendBase('upstream-snapshot', 'books|ETH');
    queue.send('later-update', 'books|ETH', 'incremental');
    socket.drain();
    expect(socket.sent.slice(1)).toEqual(['upstream-snapshot', 'later-update']);
  });

  it('corks the transport once for a burst of sends and uncorks it on the next tick', async () => {
    const socket = new FakeSocket();
    const calls: string[] = [];
    const transport = { cork: () => calls.push('cork'), uncork: () => calls.push('uncork') };
    const queue = new BrowserSendQueue(socket, limits, { snapshotFor: () => null, onOverflow: () => {} }, { transport });
    for (let i = 0; i < 3; i++) queue.send(`m${i}`, 'k', 'event');
    expect(calls).toEqual(['cork']);
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(calls).toEqual(['cork', 'uncork']);
    expect(socket.sent).toEqual(['m0', 'm1', 'm2']);
  });

  describe('batching (a browser that asked for ?batch=1)', () => {
    const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));
    const batched = (batchWindowMs = 0) => {
      const socket = new FakeSocket();
      // The spacing's clock is Date.now, which fake timers move.
      const queue = new BrowserSendQueue(socket, limits, { snapshotFor: (key) => `{"snapshot":"${key}"}`, onOverflow: () => {} }, { batchWindowMs, now: () => Date.now() });
      return { socket, queue };
    };

    it('with a window, sends the first push after a pause with its tick, and spaces the frames after it a window apart', async () => {
      vi.useFakeTimers();
      try {
        const { socket, queue } = batched(8);
        queue.send('{"n":1}', 'books|BTC', 'incremental');
        queue.send('{"n":2}', 'books|BTC', 'incremental');
        await nextTick();
        expect(socket.sent).toEqual(['[{"n":1},{"n":2}]']);
        // Within the window of that frame: held until the window ends.
        vi.advanceTimersByTime(3);
        queue.send('{"n":3}', 'books|BTC', 'incremental');
        await nextTick();
        vi.advanceTimersByTime(2);
        queue.send('{"n":4}', 'books|BTC', 'incremental');
        vi.advanceTimersByTime(2);
        expect(socket.sent).toHaveLength(1);
        vi.advanceTimersByTime(1);
        expect(socket.sent).toEqual(['[{"n":1},{"n":2}]', '[{"n":3},{"n":4}]']);
        // After a pause longer than the window: at once again.
        vi.advanceTimersByTime(20);
        queue.send('{"n":5}', 'books|BTC', 'incremental');
        await nextTick();
        expect(socket.sent.at(-1)).toBe('{"n":5}');
        // Closed mid-window: nothing leaves.
        queue.send('{"n":6}', 'books|BTC', 'incremental');
        queue.close();
        vi.advanceTimersByTime(8);
        await nextTick();
        expect(socket.sent).toHaveLength(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it('sends the JSON messages of one tick as one frame holding a JSON array of them, in order', async () => {
      const { socket, queue } = batched();
      queue.send('{"n":1}', 'books|BTC', 'incremental');
      queue.send(Buffer.from('{"n":2}'), 'books|BTC', 'incremental');
      queue.send('{"n":3}', 'ticker|BTC', 'snapshot');
      expect(socket.sent).toEqual([]);
      await nextTick();
      expect(socket.sent).toEqual(['[{"n":1},{"n":2},{"n":3}]']);
      expect(JSON.parse(socket.sent[0]!)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(queue.stats.sent).toBe(3);
    });

    it('sends a lone message as itself, not wrapped in an array', async () => {
      const { socket, queue } = batched();
      queue.send('{"n":1}', 'books|BTC', 'incremental');
      await nextTick();
      expect(socket.sent).toEqual(['{"n":1}']);
    });

    it('never puts text that is not a JSON object (pong) in a batch, and keeps the order around it', async () => {
      const { socket, queue } = batched();
      queue.send('{"n":1}', 'books|BTC', 'incremental');
      queue.send('pong', 'event', 'event');
      queue.send('{"n":2}', 'books|BTC', 'incremental');
      queue.send('{"n":3}', 'books|BTC', 'incremental');
      await nextTick();
      expect(socket.sent).toEqual(['{"n":1}', 'pong', '[{"n":2},{"n":3}]']);
    });

    it('counts what waits in the batch against the high-water mark, so a burst cannot flood a slow browser', async () => {
      const { socket, queue } = batched();
      const big = `{"pad":"${'x'.repeat(300)}"}`;
      for (let i = 0; i < 10; i++) queue.send(big, 'books|BTC', 'incremental');
      await nextTick();
      // The first frame stops at the mark (one message may cross it); the rest wait queued.
      expect(socket.bufferedAmount).toBeLessThan(limits.highWaterBytes + big.length + 20);
      expect(queue.stats.queuedMessages).toBeGreaterThan(0);
      socket.drain();
      await nextTick();
      socket.drain();
      await nextTick();
      const all = socket.sent.flatMap((f) => (f.startsWith('[') ? (JSON.parse(f) as unknown[]) : [JSON.parse(f) as unknown]));
      expect(all).toHaveLength(10);
    });

    it('sends nothing batched after the browser went away', async () => {
      const { socket, queue } = batched();
      queue.send('{"n":1}', 'books|BTC', 'incremental');
      queue.close();
      await nextTick();
      expect(socket.sent).toEqual([]);
    });
  });
});
