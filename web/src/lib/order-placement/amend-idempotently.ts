// Modify and cancel with unknown outcomes (issue 9). Both name an existing order, so a
// retry cannot create one. A modify whose outcome is unknown is checked first: if the
// order already shows the new price and quantity it is done; otherwise it is sent again.
// A cancel is simply sent again, and an "already final" answer (22001, 25204, 25205) to a
// retry means the earlier cancel (or a fill) got there first.
import { compareDecimal } from '@contract/core/decimal';
import { ALREADY_FINAL_CODES, errorText, outcomeOfError } from './outcome-of-error';
import type { CancelParams, ModifyParams, PlacementApi } from './placement-api';
import { withTimeout, type RetryPolicy } from './retry-policy';

export type AmendResult = { ok: true; text: string } | { ok: false; text: string; unknown: boolean };

const FINAL_STATES = new Set(['filled', 'canceled']);

export async function modifyIdempotently(request: ModifyParams & { orderId: string; category: string }, api: PlacementApi, policy: RetryPolicy, onChecking: (reason: string) => void = () => {}): Promise<AmendResult> {
  let unsure = false;
  let reason = '';
  for (let round = 1; round <= policy.rounds; round++) {
    if (round > 1) await policy.sleep(policy.pauseMs(round - 1));
    if (unsure) {
      try {
        const o = await withTimeout(policy, (signal) => api.findByOrderId(request.orderId, request.category, signal));
        if (o && FINAL_STATES.has(o.state)) return { ok: false, text: `the order is ${o.state}`, unknown: false };
        if (o && same(o.price, request.price) && same(o.qty, request.qty)) return { ok: true, text: 'modified' };
      } catch (e) {
        reason = `the look-up failed: ${errorText(e)}`;
        onChecking(reason);
        continue;
      }
    }
    try {
      await withTimeout(policy, (signal) => api.modify(request, signal));
      return { ok: true, text: 'modify sent' };
    } catch (e) {
      if (outcomeOfError(e) !== 'unknown') return { ok: false, text: errorText(e), unknown: false };
      unsure = true;
      reason = errorText(e);
      onChecking(reason);
    }
  }
  return { ok: false, text: `still unknown after ${policy.rounds} tries (${reason})`, unknown: true };
}

export async function cancelIdempotently(request: CancelParams, api: PlacementApi, policy: RetryPolicy, onChecking: (reason: string) => void = () => {}): Promise<AmendResult> {
  let unsure = false;
  let reason = '';
  for (let round = 1; round <= policy.rounds; round++) {
    if (round > 1) await policy.sleep(policy.pauseMs(round - 1));
    try {
      await withTimeout(policy, (signal) => api.cancel(request, signal));
      return { ok: true, text: 'cancel sent' };
    } catch (e) {
      const outcome = outcomeOfError(e);
      const code = codeOf(e);
      if (unsure && code !== undefined && ALREADY_FINAL_CODES.has(code)) return { ok: true, text: 'canceled (or already final)' };
      if (outcome !== 'unknown') return { ok: false, text: errorText(e), unknown: false };
      unsure = true;
      reason = errorText(e);
      onChecking(reason);
    }
  }
  return { ok: false, text: `still unknown after ${policy.rounds} tries (${reason})`, unknown: true };
}

/** Cancels of one chunk (≤ 20) with a result per orderId; items whose outcome is unknown are sent again. */
export async function cancelBatchIdempotently(
  requests: readonly (CancelParams & { orderId: string })[],
  api: PlacementApi,
  policy: RetryPolicy,
  onChecking: (reason: string) => void = () => {},
): Promise<Map<string, AmendResult>> {
  const results = new Map<string, AmendResult>();
  let open = [...requests];
  let unsure = false;
  let reason = '';
  for (let round = 1; round <= policy.rounds && open.length > 0; round++) {
    if (round > 1) await policy.sleep(policy.pauseMs(round - 1));
    try {
      const answer = await withTimeout(policy, (signal) => api.cancelBatch(open, signal));
      const byId = new Map(answer.map((r) => [r.orderId, r]));
      for (const [i, req] of open.entries()) {
        const r = byId.get(req.orderId) ?? answer[i];
        if (!r) results.set(req.orderId, { ok: false, text: 'no result for this order', unknown: true });
        else if (r.code === '00000' || r.code === '0') results.set(req.orderId, { ok: true, text: 'cancel sent' });
        else if (unsure && ALREADY_FINAL_CODES.has(r.code)) results.set(req.orderId, { ok: true, text: 'canceled (or already final)' });
        else results.set(req.orderId, { ok: false, text: `${r.msg} (${r.code})`, unknown: false });
      }
      open = [];
    } catch (e) {
      if (outcomeOfError(e) !== 'unknown') {
        for (const req of open) results.set(req.orderId, { ok: false, text: errorText(e), unknown: false });
        open = [];
      } else {
        unsure = true;
        reason = errorText(e);
        onChecking(reason);
      }
    }
  }
  for (const req of open) results.set(req.orderId, { ok: false, text: `still unknown after ${policy.rounds} tries (${reason})`, unknown: true });
  return results;
}

function same(a: string, b: string | undefined): boolean {
  if (b === undefined) return true;
  try {
    return compareDecimal(a, b) === 0;
  } catch {
    return a === b;
  }
}

function codeOf(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}
