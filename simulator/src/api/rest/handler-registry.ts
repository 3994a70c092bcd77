// Per-endpoint handlers, keyed by catalog id. The generic catalog route (catalog-routes.ts)
// authenticates, validates with the endpoint's request schema and then calls the handler
// registered here; an endpoint without a handler answers a clear error, never a fake
// success. Other parts of the simulator (the v2 products) add their handlers with
// `sim.handlers.set('reviseHistory', (input, ctx) => ...)`.
import type { EndpointId, ParsedRequestOf, ResponseInputOf } from '@contract/catalog/endpoints';
import type { Locale } from '@contract/core/errors';
import type { Account } from '../../accounts/account-store';

export interface RequestContext {
  /** The signed-in account; null only on public endpoints. */
  account: Account | null;
  locale: Locale;
  /** The simulator clock's time when the request arrived. */
  now: number;
}

export type Handler<Id extends EndpointId> = (
  input: ParsedRequestOf<Id>,
  ctx: RequestContext,
) => ResponseInputOf<Id> | Promise<ResponseInputOf<Id>>;

/** Runs after authentication and validation, before the handler; throws SimError to refuse (e.g. rate limits). */
export type RequestGuard = (ctx: RequestContext & { endpointId: EndpointId }) => void | Promise<void>;

export class HandlerRegistry {
  private readonly map = new Map<EndpointId, Handler<EndpointId>>();

  set<Id extends EndpointId>(id: Id, handler: Handler<Id>): this {
    this.map.set(id, handler as unknown as Handler<EndpointId>);
    return this;
  }

  get(id: EndpointId): Handler<EndpointId> | undefined {
    return this.map.get(id);
  }

  has(id: EndpointId): boolean {
    return this.map.has(id);
  }
}

/** The account of a private request (the catalog route guarantees it). */
export function accountOf(ctx: RequestContext): Account {
  if (!ctx.account) throw new Error('a private handler was called without an account');
  return ctx.account;
}
