// WebSocket faults (issue 9): every open connection cut every N seconds, and pushes lost,
// sent twice, sent late or swapped with the next one. Only pushes (messages with an `arg`
// and no `event`) are touched: answers, acks and `pong` pass as they are, so a client is
// tested on what the exchange can really do to a stream, not on a broken handshake.
// The connections of the WebSocket layer are wrapped as they are added to its session
// set, so the layer itself needs no change.
import type { Simulator } from '../api/simulator-parts';
import { wsOf } from '../api/ws/extension';
import { PrivateSession } from '../api/ws/private-session';
import type { WsSession } from '../api/ws/ws-session';
import type { FaultsState } from './faults-state';

/** A push swapped with the next one is sent alone if nothing follows within this time. */
const REORDER_WAIT_MS = 250;

export interface WsFaultsHandle {
  /** Cuts every open connection now; returns how many. */
  dropAll(): number;
  close(): void;
}

export function installWsFaults(sim: Simulator, state: FaultsState): WsFaultsHandle | null {
  const handle = wsOf(sim);
  if (handle === undefined) return null;
  const sessions = handle.sessions as Set<WsSession>;
  const add = sessions.add.bind(sessions);
  sessions.add = (session: WsSession) => {
    wrapSession(session, state);
    state.ledger.connectionOpened();
    return add(session);
  };

  const dropAll = (): number => {
    let n = 0;
    for (const s of [...sessions]) {
      if (!s.isOpen) continue;
      s.ws.terminate();
      n++;
    }
    if (n > 0) state.ledger.dropped(n);
    return n;
  };

  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (timer) clearInterval(timer);
    timer = null;
    const s = state.settings;
    if (!s.enabled || s.wsDropEverySec <= 0) return;
    timer = setInterval(dropAll, Math.max(100, Math.round(s.wsDropEverySec * 1000)));
    timer.unref();
  };
  const off = state.onChange(schedule);
  schedule();

  return {
    dropAll,
    close() {
      off();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

function wrapSession(session: WsSession, state: FaultsState): void {
  const send = session.send.bind(session);
  const uid = session instanceof PrivateSession ? session.uid : 0;
  let held: string | null = null;
  let heldTimer: NodeJS.Timeout | null = null;
  const flushHeld = () => {
    if (heldTimer) clearTimeout(heldTimer);
    heldTimer = null;
    const h = held;
    held = null;
    if (h !== null) send(h);
  };

  session.send = (text: string) => {
    const s = state.settings;
    const kind = s.enabled ? pushKind(text) : null;
    if (kind === null || (s.msgScope !== 'all' && s.msgScope !== kind)) {
      flushHeld();
      send(text);
      return;
    }
    const book = kind === 'book';
    const who = session instanceof PrivateSession ? session.uid : uid;
    if (state.roll(s.msgDropRate)) {
      state.ledger.messageFault('msgDropped', session, book, who);
      return;
    }
    if (state.roll(s.msgDupRate)) {
      state.ledger.messageFault('msgDuplicated', session, book, who);
      flushHeld();
      send(text);
      send(text);
      return;
    }
    if (state.roll(s.msgDelayRate)) {
      state.ledger.messageFault('msgDelayed', session, book, who);
      setTimeout(() => send(text), s.msgDelayMs).unref();
      return;
    }
    if (held === null && state.roll(s.msgReorderRate)) {
      state.ledger.messageFault('msgReordered', session, book, who);
      held = text;
      heldTimer = setTimeout(flushHeld, REORDER_WAIT_MS);
      heldTimer.unref();
      return;
    }
    send(text);
    flushHeld();
  };

  session.ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = data.toString();
    if (text.includes('"subscribe"') && text.includes('books')) state.ledger.resubscribed(session);
  });
  session.ws.on('close', () => {
    if (heldTimer) clearTimeout(heldTimer);
    state.ledger.connectionClosed(session);
  });
}

/** 'book' or 'private' for a channel push; null for answers, acks, errors and pong. */
function pushKind(text: string): 'book' | 'private' | null {
  if (text.charCodeAt(0) !== 123 /* { */) return null;
  let msg: { event?: unknown; arg?: { topic?: unknown } };
  try {
    msg = JSON.parse(text) as typeof msg;
  } catch {
    return null;
  }
  if (msg.event !== undefined || typeof msg.arg !== 'object' || msg.arg === null) return null;
  return typeof msg.arg.topic === 'string' && msg.arg.topic.startsWith('books') ? 'book' : 'private';
}
