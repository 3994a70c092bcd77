// The four v2 operations (spec 4.1-4.4) as catalog handlers. The catalog route has
// already authenticated the caller and validated the input with the catalog's schemas.
import type { HandlerRegistry } from '../api/rest/handler-registry';
import { accountOf } from '../api/rest/handler-registry';
import { queryRevisions } from './loan-revisions';
import type { ProductsState } from './products-state';

export function registerV2Handlers(handlers: HandlerRegistry, state: ProductsState): void {
  // "The past three months" is checked by the catalog route, against the simulator's clock.
  handlers.set('reviseHistory', (q, ctx) => queryRevisions(state.loans.of(accountOf(ctx).uid), q));
  handlers.set('setSubaccountAutotransfer', (body, ctx) => state.broker.set(accountOf(ctx), body));
  handlers.set('redeemResult', (q, ctx) => state.savings.result(accountOf(ctx).uid, q.orderId, q.periodType));
  handlers.set('nativeConvert', (body, ctx) => state.converter.convert(accountOf(ctx).uid, body.coinList));
}
