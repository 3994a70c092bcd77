// One read of a catalog endpoint for the archive, through the proxy's own rate shaper and
// upstream client: the archive's calls share the lanes of the browser's calls for the
// same account, so together they never exceed the exchange's limits.
import { endpoints, type EndpointId, type ResponseOf } from '@contract/catalog/endpoints';
import { check } from '@contract/core/validation';
import type { Clock } from '@contract/core/clock';
import type { ProxyConfig } from '../core/config';
import type { AccountCredentials } from '../keys/account-credentials';
import type { RateShaper } from '../policy/rate-shaper';
import { UpstreamUnavailable, type UpstreamClient } from '../upstream/upstream-client';
import { upstreamPathOf } from '../upstream/upstream-path';

export type Fetched<Id extends EndpointId> =
  | { ok: true; data: ResponseOf<Id> }
  /** `refused`: the exchange answered with an error code (the request is wrong now); else it failed to answer. */
  | { ok: false; refused: boolean; code: string; message: string };

/** What the archive's reads use of the proxy (routes/desk-context.ts has all four). */
export interface ArchiveUpstream {
  shaper: RateShaper;
  upstream: UpstreamClient;
  config: ProxyConfig;
  clock: Clock;
}

export type FetchFn = <Id extends EndpointId>(account: AccountCredentials, id: Id, query: Record<string, string>) => Promise<Fetched<Id>>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The archive's reads; one that fails without a refusal (no answer, 429, 5xx) is tried
 * twice more, a second and then two apart, before the sync records a gap.
 */
export function archiveFetcher(ctx: ArchiveUpstream): FetchFn {
  const once = fetchOnce(ctx);
  return async (account, id, query) => {
    let result = await once(account, id, query);
    for (let attempt = 1; attempt <= 2 && !result.ok && !result.refused; attempt++) {
      await wait(attempt * 1000);
      result = await once(account, id, query);
    }
    return result;
  };
}

function fetchOnce(ctx: ArchiveUpstream): FetchFn {
  return async (account, id, query) => {
    const endpoint = endpoints[id];
    const perSecond = endpoint.rateLimit.documented ? endpoint.rateLimit.perSecond : (ctx.config.rate.undocumentedPerSecond ?? endpoint.rateLimit.perSecond);
    const laneKey = `${account.rateKey}|${endpoint.rateLimit.group}`;
    // A full lane means the browser's calls are queued: the archive waits its turn.
    let admission = ctx.shaper.admit(laneKey, perSecond);
    while (admission === 'full') {
      await wait(1000);
      admission = ctx.shaper.admit(laneKey, perSecond);
    }
    if (admission !== 'go') await admission;
    let status: number;
    let text: string;
    try {
      const res = await ctx.upstream.send({
        method: 'GET',
        path: upstreamPathOf(endpoint, ctx),
        query: new URLSearchParams(query).toString(),
        body: '',
        account,
        locale: 'en-US',
      });
      status = res.status;
      text = res.body.toString('utf8');
    } catch (err) {
      return { ok: false, refused: false, code: 'DESK502', message: err instanceof UpstreamUnavailable ? err.reason : 'request failed' };
    } finally {
      ctx.shaper.release(laneKey);
    }
    let answer: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      return { ok: false, refused: false, code: `HTTP ${status}`, message: 'the answer was not JSON' };
    }
    const code = String(answer.code ?? '');
    if (code !== '00000') {
      // 429 and 5xx pass; anything else is the exchange refusing this request.
      const transient = status === 429 || status >= 500;
      return { ok: false, refused: !transient, code, message: typeof answer.msg === 'string' ? answer.msg.slice(0, 300) : `HTTP ${status}` };
    }
    const parsed = check(endpoint.response, answer.data, ['data']);
    if (!parsed.ok) return { ok: false, refused: false, code: 'DESK502', message: `the answer does not match the contract: ${parsed.field}: ${parsed.message}` };
    return { ok: true, data: parsed.data as ResponseOf<typeof id> };
  };
}
