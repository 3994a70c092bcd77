import type { EndpointDef } from '@contract/catalog/endpoints';
import type { ProxyConfig } from '../core/config';

/** Which upstream path to call: a configured override, else the catalog's upstream path. */
export function upstreamPathOf(endpoint: EndpointDef, ctx: { config: ProxyConfig }): string {
  const override = ctx.config.upstream.paths[endpoint.id];
  if (override) return override;
  if (ctx.config.upstream.specPaths) return endpoint.path;
  return endpoint.upstreamPath ?? endpoint.path;
}
