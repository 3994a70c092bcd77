// Counts every injected fault, and how many the clients visibly recovered from, for
// GET /__sim/faults and the chaos report. A fault counts as recovered when the simulator
// sees the client do what recovery takes:
// - a cut WebSocket: a new connection opens afterwards;
// - a damaged depth push: the same connection resubscribes (a fresh snapshot), or it is
//   replaced by a new connection;
// - a damaged private push: the account reads orders, positions or assets again over REST;
// - a failed or answer-lost REST call carrying clientOids: a later call names one of them
//   (a retry, or a lookup by clientOid);
// - any other failed REST call: the same account's next successful call to that endpoint.

export const faultKinds = [
  'wsDrop',
  'msgDropped',
  'msgDuplicated',
  'msgDelayed',
  'msgReordered',
  'rest5xx',
  'restLostDestroyed',
  'restLost5xx',
  'latencyAdded',
] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface FaultReport {
  injected: Record<FaultKind, number>;
  /** Faults that disturb a client (latency alone does not). */
  total: number;
  recovered: number;
  /** Disturbing faults still waiting for a sign of recovery. */
  outstanding: number;
}

/** Reads that bring an account's private state back after lost pushes. */
const REFETCH_ENDPOINTS = new Set(['unfilledOrders', 'assets', 'currentPosition']);

export class FaultLedger {
  private readonly injected = Object.fromEntries(faultKinds.map((k) => [k, 0])) as Record<FaultKind, number>;
  private recovered = 0;
  private awaitingNewConnection = 0;
  private readonly bookFaultsBySession = new WeakMap<object, number>();
  private readonly liveBookFaults = new Set<object>();
  private readonly privateFaultsByUid = new Map<number, number>();
  private readonly restByClientOid = new Map<string, number>();
  private readonly restByCall = new Map<string, number>();
  private nextToken = 1;

  count(kind: FaultKind): void {
    this.injected[kind]++;
  }

  // --- WebSocket -------------------------------------------------------------

  dropped(sessions: number): void {
    this.injected.wsDrop += sessions;
    this.awaitingNewConnection += sessions;
  }

  connectionOpened(): void {
    if (this.awaitingNewConnection > 0) {
      this.awaitingNewConnection--;
      this.recovered++;
    }
  }

  messageFault(kind: 'msgDropped' | 'msgDuplicated' | 'msgDelayed' | 'msgReordered', session: object, book: boolean, uid: number): void {
    this.injected[kind]++;
    if (book) {
      this.bookFaultsBySession.set(session, (this.bookFaultsBySession.get(session) ?? 0) + 1);
      this.liveBookFaults.add(session);
    } else {
      this.privateFaultsByUid.set(uid, (this.privateFaultsByUid.get(uid) ?? 0) + 1);
    }
  }

  /** The connection asked for a depth channel again: its damaged pushes are superseded. */
  resubscribed(session: object): void {
    const n = this.bookFaultsBySession.get(session) ?? 0;
    if (n === 0) return;
    this.recovered += n;
    this.bookFaultsBySession.delete(session);
    this.liveBookFaults.delete(session);
  }

  /** A connection with damaged depth pushes is gone; a new connection starts from a snapshot. */
  connectionClosed(session: object): void {
    const n = this.bookFaultsBySession.get(session) ?? 0;
    if (n === 0) return;
    this.bookFaultsBySession.delete(session);
    this.liveBookFaults.delete(session);
    this.awaitingNewConnection += n;
  }

  // --- REST ------------------------------------------------------------------

  restFault(kind: 'rest5xx' | 'restLostDestroyed' | 'restLost5xx', callKey: string, clientOids: readonly string[]): void {
    this.injected[kind]++;
    if (clientOids.length > 0) {
      // One fault, recovered once any of its clientOids comes back.
      const token = this.nextToken++;
      for (const oid of clientOids) this.restByClientOid.set(oid, token);
    } else {
      this.restByCall.set(callKey, (this.restByCall.get(callKey) ?? 0) + 1);
    }
  }

  /** A REST call arrived naming these clientOids (body or query). */
  sawClientOids(clientOids: readonly string[]): void {
    const done = new Set<number>();
    for (const oid of clientOids) {
      const token = this.restByClientOid.get(oid);
      if (token === undefined) continue;
      done.add(token);
    }
    if (done.size === 0) return;
    for (const [oid, token] of this.restByClientOid) if (done.has(token)) this.restByClientOid.delete(oid);
    this.recovered += done.size;
  }

  /** A REST call succeeded (HTTP 200) for this account and endpoint. */
  succeeded(uid: number, endpointId: string): void {
    const key = `${uid}:${endpointId}`;
    const n = this.restByCall.get(key) ?? 0;
    if (n > 0) {
      this.recovered += n;
      this.restByCall.delete(key);
    }
    if (REFETCH_ENDPOINTS.has(endpointId)) {
      const p = this.privateFaultsByUid.get(uid) ?? 0;
      if (p > 0) {
        this.recovered += p;
        this.privateFaultsByUid.delete(uid);
      }
    }
  }

  report(): FaultReport {
    const total = faultKinds.reduce((s, k) => (k === 'latencyAdded' ? s : s + this.injected[k]), 0);
    return { injected: { ...this.injected }, total, recovered: this.recovered, outstanding: Math.max(0, total - this.recovered) };
  }
}
