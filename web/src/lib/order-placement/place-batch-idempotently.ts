// Idempotent batch placement (issue 9, spec 4.7 rule 4): the batch is one request, but each
// order has its own clientOid and its own outcome. When the batch's outcome is unknown,
// every order of it is looked up by clientOid; those found are placed, and only the rest
// are sent again (with the same clientOids). A 25212 for an order that may have been sent
// before is that earlier send: it is looked up, not counted as refused.
import type { PlaceOrderRequest } from '@contract/schemas/orders';
import { DUPLICATE_CLIENT_OID, errorText, outcomeOfError } from './outcome-of-error';
import type { PlacementApi } from './placement-api';
import { withTimeout, type RetryPolicy } from './retry-policy';

export type BatchRowStatus =
  | { status: 'sending' }
  | { status: 'checking'; reason: string }
  | { status: 'accepted'; orderId: string }
  | { status: 'rejected'; code: string; msg: string }
  | { status: 'unknown'; msg: string };

const ACCEPTED = new Set(['00000', '0']);

/** `orders` must each carry a distinct clientOid. Resolves with a status per clientOid. */
export async function placeBatchIdempotently(
  orders: readonly (PlaceOrderRequest & { clientOid: string })[],
  api: PlacementApi,
  policy: RetryPolicy,
  onStatus: (s: ReadonlyMap<string, BatchRowStatus>) => void = () => {},
): Promise<Map<string, BatchRowStatus>> {
  const status = new Map<string, BatchRowStatus>(orders.map((o) => [o.clientOid, { status: 'sending' }]));
  const maybeSent = new Set<string>();
  const toLookUp = new Set<string>();
  let open = [...orders];
  let reason = '';
  const publish = () => onStatus(new Map(status));
  publish();

  for (let round = 1; round <= policy.rounds && open.length > 0; round++) {
    if (round > 1) await policy.sleep(policy.pauseMs(round - 1));
    // Every order still in doubt is looked up, even after one look-up failed: each answer
    // stands alone, and stopping at the first 503 left a batch of three "still unknown"
    // when every round had one failure among its look-ups (a chaos run, 15 % of calls 503).
    for (const order of open.filter((o) => toLookUp.has(o.clientOid))) {
      try {
        const found = await withTimeout(policy, (signal) => api.findByClientOid(order.clientOid, order.category, signal));
        toLookUp.delete(order.clientOid);
        if (found) status.set(order.clientOid, { status: 'accepted', orderId: found.orderId });
      } catch (e) {
        reason = `the look-up failed: ${errorText(e)}`;
      }
    }
    open = open.filter((o) => status.get(o.clientOid)?.status !== 'accepted');
    publish();
    // A look-up that failed leaves its order in toLookUp: it may have arrived, so nothing is resent this round.
    if (open.length === 0 || open.some((o) => toLookUp.has(o.clientOid))) continue;

    try {
      const results = await withTimeout(policy, (signal) => api.placeBatch(open, signal));
      const byOid = new Map(results.map((r) => [r.clientOid, r]));
      for (const [i, order] of open.entries()) {
        const r = byOid.get(order.clientOid) ?? results[i];
        if (!r) {
          toLookUp.add(order.clientOid);
          maybeSent.add(order.clientOid);
          status.set(order.clientOid, { status: 'checking', reason: 'no result for this order' });
        } else if (ACCEPTED.has(r.code)) {
          status.set(order.clientOid, { status: 'accepted', orderId: r.orderId });
        } else if (r.code === DUPLICATE_CLIENT_OID && maybeSent.has(order.clientOid)) {
          toLookUp.add(order.clientOid);
          status.set(order.clientOid, { status: 'checking', reason: 'an earlier send arrived' });
        } else {
          status.set(order.clientOid, { status: 'rejected', code: r.code, msg: r.msg });
        }
      }
    } catch (e) {
      if (outcomeOfError(e) === 'refused') {
        const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : 'refused';
        for (const o of open) status.set(o.clientOid, { status: 'rejected', code, msg: errorText(e) });
      } else {
        reason = errorText(e);
        for (const o of open) {
          maybeSent.add(o.clientOid);
          toLookUp.add(o.clientOid);
          status.set(o.clientOid, { status: 'checking', reason });
        }
      }
    }
    open = open.filter((o) => status.get(o.clientOid)?.status === 'checking');
    publish();
  }
  for (const o of open) status.set(o.clientOid, { status: 'unknown', msg: `still unknown after ${policy.rounds} tries (${reason})` });
  publish();
  return status;
}
