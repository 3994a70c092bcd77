// The socket-write coalescing of WsSession.send: frames are unchanged and ordered, but the
// ones sent in one synchronous run leave the socket together at the end of that run.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { resolveWsOptions } from './ws-options';
import { WsSession } from './ws-session';

class BareSession extends WsSession {
  protected onMessage(): void {}
  protected onClose(): void {}
}

/** A socket that records each write call it receives (writev: one call for many chunks). */
function recordingSocket(): { socket: Writable; writes: string[][] } {
  const writes: string[][] = [];
  const socket = new Writable({
    write(chunk: Buffer, _enc, done) {
      writes.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map((c) => (c.chunk as Buffer).toString()));
      done();
    },
  });
  return { socket, writes };
}

/** The part of a ws WebSocket a session uses, writing each frame's text to `socket`. */
function fakeWs(socket: Writable): WebSocket {
  return {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    on() {},
    send(text: string) {
      socket.write(text);
    },
  } as unknown as WebSocket;
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

describe('WsSession write coalescing', () => {
  it('sends the frames of one synchronous run in one socket write, in order, once the run ends', async () => {
    const { socket, writes } = recordingSocket();
    const session = new BareSession(fakeWs(socket), resolveWsOptions());
    session.coalesceWrites(socket);
    session.send('a');
    session.send('b');
    session.send('c');
    expect(writes).toEqual([]);
    await nextTick();
    expect(writes).toEqual([['a', 'b', 'c']]);
    session.send('d');
    await nextTick();
    expect(writes).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('writes each frame at once when no socket was given to coalesce on', () => {
    const { socket, writes } = recordingSocket();
    const session = new BareSession(fakeWs(socket), resolveWsOptions());
    session.send('a');
    session.send('b');
    expect(writes).toEqual([['a'], ['b']]);
  });
});
