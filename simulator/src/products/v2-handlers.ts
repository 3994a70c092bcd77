// The four v2 operations (spec 4.1-4.4) as catalog handlers. The catalog route has
// already authenticated the caller and validated the input with the catalog's schemas.
import { REVISE_HISTORY_WINDOW_MS } from '@contract/schemas/earn-broker-convert';
import type { HandlerRegistry } from '../api/rest/handler-registry';
import { accountOf } from '../api/rest/handler-registry';
import { SimError } from '../sim-error';
import { queryRevisions } from './loan-revisions';
import type { ProductsState } from './products-state';

export function registerV2Handlers(handlers: HandlerRegistry, state: ProductsState): void {
  handlers.set('reviseHistory', (q, ctx) => {
    // The catalog schema judges "the past three months" by the wall clock; the simulator's
    // clock decides here, so tests with an injected clock get the same rule.
    if (Number(q.startTime) < ctx.now - REVISE_HISTORY_WINDOW_MS) throw new SimError('40068');
    return queryRevisions(state.loans.of(accountOf(ctx).uid), q);
  });
  handlers.set('setSubaccountAutotransfer', (body, ctx) => state.broker.set(accountOf(ctx), body));
  handlers.set('redeemResult', (q, ctx) => state.savings.result(accountOf(ctx).uid, q.orderId, q.periodType));
  handlers.set('nativeConvert', (body, ctx) => state.converter.convert(accountOf(ctx).uid, body.coinList));
}
