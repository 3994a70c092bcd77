// The four v2 operations: pledge-rate history (spec 4.1, 2.2), sub-account auto-transfer
// (4.2, 2.4), savings redemption result (4.3, 2.3) and small-balance conversion (4.4, 2.5).
import { z } from 'zod';
import { coin, id, msString, uid } from './common';
import { numberedPageQuery, timeRangeRule } from './pagination';

export const REVISE_HISTORY_MAX_PAGE_SIZE = 100;
export const REVISE_HISTORY_DEFAULT_PAGE_SIZE = 10;
/** "only the past three months can be queried" (spec 4.1): 92 days covers any three months. */
export const REVISE_HISTORY_WINDOW_MS = 92 * 24 * 3600 * 1000;

export const reviseSides = ['down', 'up'] as const;

/**
 * Query of GET /api/v2/earn/loan/revise-history. `now` is injectable so the simulator's
 * clock decides in tests; the default is the wall clock.
 */
export function reviseHistoryQueryAt(now: () => number = Date.now) {
  return z
    .strictObject({
      orderId: id.optional(),
      reviseSide: z.enum(reviseSides).optional(),
      pledgeCoin: coin.optional(),
      startTime: msString,
      endTime: msString,
      ...numberedPageQuery(REVISE_HISTORY_MAX_PAGE_SIZE),
    })
    .superRefine((q, ctx) => {
      if (Number(q.startTime) < now() - REVISE_HISTORY_WINDOW_MS) {
        ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'only the past three months can be queried' });
      }
      timeRangeRule(q, ctx);
    });
}
export const reviseHistoryQuery = reviseHistoryQueryAt();

export const reviseRecord = z.object({
  loanCoin: z.string(),
  pledgeCoin: z.string(),
  orderId: z.string(),
  reviseTime: z.string(),
  reviseSide: z.enum(reviseSides),
  reviseAmount: z.string(),
  afterPledgeRate: z.string(),
  beforePledgeRate: z.string(),
});
export type ReviseRecord = z.infer<typeof reviseRecord>;
export const reviseHistory = z.array(reviseRecord);

/** spec 4.2: the destination account types. */
export const autoTransferAccountTypes = ['spot', 'usdt-futures', 'coin-futures', 'usdc-futures'] as const;
export const autoTransferRequest = z.strictObject({
  subUid: uid,
  coin,
  toAccountType: z.enum(autoTransferAccountTypes),
});
export type AutoTransferRequest = z.infer<typeof autoTransferRequest>;
/** spec 2.4. */
export const autoTransferResult = z.enum(['success', 'fail']);

export const periodTypes = ['flexible', 'fixed'] as const;
export const redeemResultQuery = z.strictObject({ orderId: id, periodType: z.enum(periodTypes) });
/** spec 2.3. */
export const redeemResult = z.object({ result: z.enum(['success', 'fail']), msg: z.string() });

/**
 * spec 4.4: coinList is documented as a String but sent as a JSON array of coin names;
 * the SDK types it as a string. Accepted: an array, a string holding a JSON array, a
 * single coin name ("ETH") or comma-separated names ("ETH,XRP"). Parsed to an array.
 */
const coinArray = z.array(coin).min(1, 'must name at least one coin').max(50, 'must name at most 50 coins');
export const nativeConvertRequest = z.strictObject({
  coinList: z.union([
    coinArray,
    z
      .string()
      .transform((s, ctx) => {
        const text = s.trim();
        if (!text.startsWith('[')) return text === '' ? [] : text.split(',').map((c) => c.trim());
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a coin name, names separated by commas, or a JSON array of names' });
          return z.NEVER;
        }
      })
      .pipe(coinArray),
  ]),
});
export const nativeConvertResult = z.object({ orderList: z.array(z.object({ coin: z.string(), orderId: z.string() })) });
