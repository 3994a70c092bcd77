// REST faults (issue 9): added latency, a 503 before anything is done, and "done but the
// answer was lost" after a mutating call succeeded (the connection is destroyed, or a 5xx
// replaces the answer). The /__sim/ routes are never touched.
import type { FastifyRequest } from 'fastify';
import { errorEnvelope, localeFrom } from '@contract/core/errors';
import { findEndpoint } from '@contract/catalog/endpoints';
import type { Simulator } from '../api/simulator-parts';
import type { FaultsState } from './faults-state';

interface CallInfo {
  endpointId: string;
  mutating: boolean;
  uid: number;
  clientOids: string[];
  faulted: boolean;
}

const calls = new WeakMap<FastifyRequest, CallInfo>();

export function installRestFaults(sim: Simulator, state: FaultsState): void {
  const app = sim.app;

  app.addHook('preHandler', async (req, reply) => {
    const url = req.raw.url ?? req.url;
    const path = url.split('?', 1)[0]!;
    if (path.startsWith('/__sim/')) return;
    const endpoint = findEndpoint(req.method, path);
    const key = req.headers['access-key'];
    const account = typeof key === 'string' ? sim.accounts.byApiKey(key) : undefined;
    const info: CallInfo = {
      endpointId: endpoint?.id ?? path,
      mutating: endpoint?.mutating ?? false,
      uid: account?.uid ?? 0,
      clientOids: clientOidsOf(req.rawBody ?? '', url),
      faulted: false,
    };
    calls.set(req, info);
    state.ledger.sawClientOids(info.clientOids);

    const s = state.settings;
    if (!s.enabled) return;
    if (s.latencyMs > 0 || s.latencyJitterMs > 0) {
      state.ledger.count('latencyAdded');
      await new Promise((r) => setTimeout(r, s.latencyMs + state.int(0, s.latencyJitterMs)));
    }
    if (state.roll(s.rest5xxRate)) {
      info.faulted = true;
      state.ledger.restFault('rest5xx', callKey(info), info.clientOids);
      const now = sim.clock.now();
      return reply.status(503).send(errorEnvelope('45002', localeFrom(req.headers.locale), {}, now));
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const info = calls.get(req);
    if (info === undefined || info.faulted) return payload;
    const committed = reply.statusCode === 200;
    if (committed && info.mutating && state.roll(state.settings.restLostRate)) {
      info.faulted = true;
      const mode = state.settings.restLostMode === 'mixed' ? (state.roll(0.5) ? 'destroy' : '5xx') : state.settings.restLostMode;
      if (mode === 'destroy') {
        state.ledger.restFault('restLostDestroyed', callKey(info), info.clientOids);
        // The order exists now; the client only sees its connection die.
        req.raw.socket.destroy();
        return payload;
      }
      state.ledger.restFault('restLost5xx', callKey(info), info.clientOids);
      void reply.status(500);
      return JSON.stringify(errorEnvelope('45001', localeFrom(req.headers.locale), {}, sim.clock.now()));
    }
    if (committed && info.uid > 0) state.ledger.succeeded(info.uid, info.endpointId);
    return payload;
  });
}

function callKey(info: CallInfo): string {
  return `${info.uid}:${info.endpointId}`;
}

/** The clientOids a call names: in its JSON body (an order or a batch) or its query. */
export function clientOidsOf(rawBody: string, url: string): string[] {
  const out: string[] = [];
  const q = url.indexOf('?');
  if (q >= 0) {
    const oid = new URLSearchParams(url.slice(q + 1)).get('clientOid');
    if (oid) out.push(oid);
  }
  if (rawBody.includes('clientOid')) {
    try {
      const body = JSON.parse(rawBody) as unknown;
      for (const item of Array.isArray(body) ? body : [body]) {
        const oid = (item as { clientOid?: unknown } | null)?.clientOid;
        if (typeof oid === 'string' && oid !== '') out.push(oid);
      }
    } catch {
      // Not JSON: the route answers 40017; nothing to track.
    }
  }
  return out;
}
