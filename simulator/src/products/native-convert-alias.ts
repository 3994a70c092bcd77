// The public API's path for the native-token conversion, /api/v2/convert/bgb-convert
// (upstream-facts.md), which the published bitget-api client calls (convertBGB). The
// catalog lists only the spec's path, so this route answers the alias with the same
// pipeline: signature checked over the alias path as received, the catalog's request
// schema, the guards (so it shares the v2 rate limit), the same handler and envelope.
// When the catalog lists the alias, the core registers it and this file goes away.
import { endpoints } from '@contract/endpoints';
import { localeFrom, SUCCESS_CODE } from '@contract/errors';
import { check } from '@contract/validation';
import { authenticate } from '../api/rest/authenticate';
import { sendError } from '../api/rest/catalog-routes';
import type { Simulator } from '../server';
import { paramError } from '../sim-error';

export const NATIVE_CONVERT_ALIAS = '/api/v2/convert/bgb-convert';

export function registerNativeConvertAlias(sim: Simulator): void {
  const endpoint = endpoints.nativeConvert;
  if (endpoint.aliases.includes(NATIVE_CONVERT_ALIAS)) return; // the core routes it already
  sim.app.post(NATIVE_CONVERT_ALIAS, async (req, reply) => {
    const now = sim.clock.now();
    const locale = localeFrom(req.headers.locale);
    try {
      const url = req.raw.url ?? req.url;
      const q = url.indexOf('?');
      const rawBody = req.rawBody ?? '';
      const account = authenticate(
        { headers: req.headers, method: 'POST', path: q < 0 ? url : url.slice(0, q), rawQuery: q < 0 ? '' : url.slice(q + 1), rawBody },
        sim.accounts,
        now,
      );
      let body: unknown = {};
      if (rawBody.trim() !== '') {
        try {
          body = JSON.parse(rawBody) as unknown;
        } catch {
          throw paramError('(body)', 'is not valid JSON');
        }
      }
      const checked = check(endpoint.request, body);
      if (!checked.ok) throw paramError(checked.field, checked.message);
      const ctx = { account, locale, now };
      for (const guard of sim.guards) await guard({ ...ctx, endpointId: 'nativeConvert' });
      const handler = sim.handlers.get('nativeConvert');
      if (!handler) throw new Error('nativeConvert has no handler');
      const data: unknown = await handler(checked.data as never, ctx);
      return reply.status(200).send({ code: SUCCESS_CODE, msg: 'success', requestTime: now, data });
    } catch (error) {
      return sendError(reply, error, locale, now);
    }
  });
}
