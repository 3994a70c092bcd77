// The four v2 operations (spec 4.1-4.4) as catalog handlers. The catalog route has
// already authenticated the caller and validated the input with the catalog's schemas.
import type { HandlerRegistry } from '../api/rest/handler-registry';
import { accountOf } from '../api/rest/handler-registry';
import { SimError } from '../core/sim-error';
import { registerLoanHandlers } from './loan-handlers';
import { queryRevisions } from './loan-revisions';
import type { ProductsState } from './products-state';

export function registerV2Handlers(handlers: HandlerRegistry, state: ProductsState): void {
  // "The past three months" is checked by the catalog route, against the simulator's clock.
  handlers.set('reviseHistory', (q, ctx) => queryRevisions(state.loans.of(accountOf(ctx).uid), q));
  handlers.set('setSubaccountAutotransfer', (body, ctx) => state.broker.set(accountOf(ctx), body));
  handlers.set('subaccountList', (q, ctx) => {
    const caller = accountOf(ctx);
    // Like the auto-transfer: only an ND broker's main account has sub-accounts to list.
    if (caller.brokerType !== 'ND' || caller.parentUid !== caller.uid) throw new SimError('40309');
    return state.brokerSubs.brokerUid === caller.uid ? state.brokerSubs.list(q) : { hasNextPage: false, idLessThan: null, subList: [] };
  });
  handlers.set('redeemResult', (q, ctx) => state.savings.result(accountOf(ctx).uid, q.orderId, q.periodType));
  handlers.set('nativeConvert', (body, ctx) => state.converter.convert(accountOf(ctx).uid, body.coinList));
  // Last: the loan reads (revise-history included) see the history clock.
  registerLoanHandlers(handlers, state.loans);
}
