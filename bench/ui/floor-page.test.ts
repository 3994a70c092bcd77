import { describe, expect, it } from 'vitest';
import { floorPageFiles } from './floor-page';

const book = { instType: 'spot', topic: 'books', symbol: 'BTCUSDT' } as const;

/** Runs the page's script against stand-ins for the browser it needs. */
function runFloorScript(origin = 'http://127.0.0.1:8080') {
  const sockets: { url: string; sent: string[]; onopen?: () => void; onmessage?: (e: { data: string }) => void }[] = [];
  class FakeSocket {
    sent: string[] = [];
    onopen?: () => void;
    onmessage?: (e: { data: string }) => void;
    constructor(readonly url: string) {
      sockets.push(this);
    }
    send(text: string) {
      this.sent.push(text);
    }
  }
  const mid = { textContent: '–' };
  const drawn: string[] = [];
  const ctx = { clearRect: () => undefined, fillText: (t: string) => drawn.push(t) };
  const frames: (() => void)[] = [];
  const document = { getElementById: (id: string) => (id === 'floor' ? { getContext: () => ctx } : null), querySelector: (sel: string) => (sel === '[aria-label="Mid price"]' ? mid : null) };
  const script = floorPageFiles(book)['assets/floor.js']!;
  new Function('WebSocket', 'location', 'document', 'requestAnimationFrame', script)(FakeSocket, { origin }, document, (cb: () => void) => frames.push(cb));
  return { socket: sockets[0]!, sockets, mid, drawn, frames };
}

describe('floorPageFiles', () => {
  it('serves a page that loads its script and has the element the bench waits for', () => {
    const files = floorPageFiles(book);
    expect(files['index.html']).toContain('<script type="module" src="/assets/floor.js"></script>');
    expect(files['index.html']).toContain('aria-label="Mid price"');
  });

  it('opens the batched public socket and subscribes to the book and its trades, as the app does', () => {
    const { sockets, socket } = runFloorScript();
    expect(sockets).toHaveLength(1);
    expect(socket.url).toBe('ws://127.0.0.1:8080/ws/public?batch=1');
    socket.onopen!();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ op: 'subscribe', args: [book, { ...book, topic: 'publicTrade' }] });
  });

  it('shows its first push, and repaints once a frame however many pushes came', () => {
    const { socket, mid, drawn, frames } = runFloorScript();
    socket.onmessage!({ data: 'abc' });
    expect(mid.textContent).toBe('1');
    socket.onmessage!({ data: 'defg' });
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(drawn).toEqual(['2 pushes, 7 characters']);
    socket.onmessage!({ data: 'h' });
    expect(frames).toHaveLength(1);
  });
});
