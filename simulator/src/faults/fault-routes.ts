// Loopback admin routes of the faults mode (simulator/README.md "Faults mode"):
// GET /__sim/faults (settings and counters), POST /__sim/faults (merge a partial
// setting), POST /__sim/faults/drop-connections (cut every WebSocket now), and
// POST /__sim/flow {rate} -> {rate, previous} (quiet or restart the synthetic market, so a chaos run's state
// can be checked).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Simulator } from '../api/simulator-parts';
import { FaultConfigError, parseFaultPatch } from './fault-config';
import type { FaultsState } from './faults-state';
import type { WsFaultsHandle } from './ws-faults';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function remote(req: FastifyRequest, reply: FastifyReply): boolean {
  if (LOOPBACK.has(req.socket.remoteAddress ?? '')) return false;
  void reply.status(403).send({ error: 'the /__sim/ admin routes answer loopback callers only' });
  return true;
}

function jsonBody(req: FastifyRequest): unknown {
  const raw = req.rawBody ?? '';
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new FaultConfigError('(body)', 'is not valid JSON');
  }
}

export function installFaultRoutes(sim: Simulator, state: FaultsState, ws: WsFaultsHandle | null): void {
  const app = sim.app;
  const view = () => ({ settings: state.settings, ...state.ledger.report() });

  app.get('/__sim/faults', (req, reply) => (remote(req, reply) ? reply : reply.send(view())));

  app.post('/__sim/faults', (req, reply) => {
    if (remote(req, reply)) return reply;
    try {
      state.update(parseFaultPatch(jsonBody(req)));
    } catch (e) {
      if (e instanceof FaultConfigError) return reply.status(400).send({ error: e.message, field: e.field });
      throw e;
    }
    return reply.send(view());
  });

  app.post('/__sim/faults/drop-connections', (req, reply) => {
    if (remote(req, reply)) return reply;
    return reply.send({ dropped: ws?.dropAll() ?? 0 });
  });

  app.post('/__sim/flow', (req, reply) => {
    if (remote(req, reply)) return reply;
    let rate: unknown;
    try {
      rate = (jsonBody(req) as { rate?: unknown }).rate;
    } catch (e) {
      return reply.status(400).send({ error: (e as Error).message, field: '(body)' });
    }
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 10_000) {
      return reply.status(400).send({ error: 'rate: must be a number of actions per second from 0 to 10000', field: 'rate' });
    }
    const previous = sim.flow.rate;
    sim.flow.stop();
    if (rate > 0) sim.flow.start(rate);
    return reply.send({ rate, previous });
  });
}
