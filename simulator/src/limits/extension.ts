// Installs the rate limits of spec 8 and the request log on a simulator: a guard that
// answers 429 (code "429") past a UID's budget, and hooks that record every REST request
// (time of arrival, uid, endpoint, status, code) for GET /__sim/request-log.
import { findEndpoint } from '@contract/catalog/endpoints';
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@contract/catalog/endpoints';
import type { Simulator, SimulatorExtension } from '../api/simulator-parts';
import { SimError } from '../core/sim-error';
import { attachLimitsState } from './limits-state';
import { RateLimitPolicy, v3LimitFromEnv, type RateLimitPolicyOptions } from './rate-limit-policy';
import { RequestLog } from './request-log';

export function createLimitsExtension(options: RateLimitPolicyOptions & { logCapacity?: number } = {}): SimulatorExtension {
  return (sim: Simulator) => {
    const policy = new RateLimitPolicy(options);
    const log = new RequestLog(options.logCapacity);
    attachLimitsState(sim, { policy, log });

    sim.guards.push((ctx) => {
      if (ctx.account === null) return;
      if (!policy.allow(endpoints[ctx.endpointId], String(ctx.account.uid), ctx.now)) throw new SimError('429');
    });

    const arrivals = new WeakMap<FastifyRequest, number>();
    sim.app.addHook('onRequest', (req, _reply, done) => {
      arrivals.set(req, sim.clock.now());
      done();
    });
    sim.app.addHook('onSend', (req, reply, payload, done) => {
      const url = req.raw.url ?? req.url;
      const path = url.split('?', 1)[0]!;
      if (path.startsWith('/__sim/')) return done(null, payload);
      const key = req.headers['access-key'];
      const account = typeof key === 'string' ? sim.accounts.byApiKey(key) : undefined;
      const text = typeof payload === 'string' ? payload : '';
      log.record({
        time: arrivals.get(req) ?? sim.clock.now(),
        uid: account ? String(account.uid) : '',
        endpoint: findEndpoint(req.method, path)?.id ?? path,
        method: req.method,
        path,
        status: reply.statusCode,
        code: /"code":"([^"]*)"/.exec(text.slice(0, 64))?.[1] ?? '',
      });
      done(null, payload);
    });
  };
}

const installLimits: SimulatorExtension = (sim) => createLimitsExtension({ v3PerSecond: v3LimitFromEnv() })(sim);
export default installLimits;
