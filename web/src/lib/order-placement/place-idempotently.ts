// Idempotent placement of one order (issue 9). The order always carries a clientOid. A
// place that fails with an unknown outcome (network, timeout, 5xx) is followed by a look-up
// by that clientOid: found means placed, and nothing is sent again; not found means the
// same order, with the same clientOid, is sent again. A duplicate-clientOid answer (25212)
// to such a retry means our earlier send did arrive: it is looked up, never placed twice.
// Until the outcome is known the status is "checking" (the UI says "unknown, checking").
import type { PlaceOrderRequest } from '@contract/schemas/orders';
import { newClientOid } from '@web/lib/instruments/client-oid';
import { errorText, outcomeOfError } from './outcome-of-error';
import type { PlacementApi } from './placement-api';
import { withTimeout, type RetryPolicy } from './retry-policy';

export type PlacementStatus =
  | { kind: 'sending'; clientOid: string }
  | { kind: 'checking'; clientOid: string; reason: string }
  | { kind: 'placed'; clientOid: string; orderId: string; confirmedBy: 'answer' | 'lookup' }
  | { kind: 'refused'; clientOid: string; error: unknown; message: string }
  | { kind: 'unknown'; clientOid: string; message: string };

export type FinalPlacementStatus = Extract<PlacementStatus, { kind: 'placed' | 'refused' | 'unknown' }>;

export async function placeIdempotently(
  order: PlaceOrderRequest,
  api: PlacementApi,
  policy: RetryPolicy,
  onStatus: (s: PlacementStatus) => void = () => {},
): Promise<FinalPlacementStatus> {
  const clientOid = order.clientOid ?? newClientOid();
  const sent: PlaceOrderRequest = { ...order, clientOid };
  const finish = (s: FinalPlacementStatus) => {
    onStatus(s);
    return s;
  };
  /** An earlier send may have arrived: a duplicate answer now means "ours". */
  let maybeSent = false;
  let mustLookUp = false;
  let reason = '';
  onStatus({ kind: 'sending', clientOid });

  for (let round = 1; round <= policy.rounds; round++) {
    if (round > 1) await policy.sleep(policy.pauseMs(round - 1));
    if (mustLookUp) {
      onStatus({ kind: 'checking', clientOid, reason });
      try {
        const found = await withTimeout(policy, (signal) => api.findByClientOid(clientOid, order.category, signal));
        if (found) return finish({ kind: 'placed', clientOid, orderId: found.orderId, confirmedBy: 'lookup' });
        mustLookUp = false;
      } catch (e) {
        reason = `the look-up failed: ${errorText(e)}`;
        continue;
      }
    }
    try {
      const ack = await withTimeout(policy, (signal) => api.place(sent, signal));
      return finish({ kind: 'placed', clientOid, orderId: ack.orderId, confirmedBy: 'answer' });
    } catch (e) {
      const outcome = outcomeOfError(e);
      if (outcome === 'refused' || (outcome === 'duplicate' && !maybeSent)) {
        return finish({ kind: 'refused', clientOid, error: e, message: errorText(e) });
      }
      maybeSent = true;
      mustLookUp = true;
      reason = errorText(e);
      onStatus({ kind: 'checking', clientOid, reason });
    }
  }
  return finish({ kind: 'unknown', clientOid, message: `still unknown after ${policy.rounds} tries (${reason}); look for clientOid ${clientOid} in open orders and history` });
}
