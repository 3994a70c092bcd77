// For tests: a WebSocket whose server side the test drives, and a browser environment
// (online, visible) the test switches, for SocketConnection and what is built on it.
import type { ConnectionEnvironment, EnvironmentEvent } from './connection-environment';
import type { WebSocketLike } from './socket-connection';

export class FakeSocket implements WebSocketLike {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  // Server side of the fake:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(value: unknown) {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  serverClose() {
    this.readyState = 3;
    this.onclose?.({});
  }
  json(): unknown[] {
    return this.sent.filter((s) => s !== 'ping').map((s) => JSON.parse(s));
  }
}

export class FakeEnvironment implements ConnectionEnvironment {
  online = true;
  visible = true;
  private handlers = new Map<EnvironmentEvent, Set<() => void>>();
  isOnline() {
    return this.online;
  }
  isVisible() {
    return this.visible;
  }
  on(event: EnvironmentEvent, handler: () => void) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }
  emit(event: EnvironmentEvent) {
    for (const h of this.handlers.get(event) ?? []) h();
  }
}
