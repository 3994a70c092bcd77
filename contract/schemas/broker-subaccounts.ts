// GET /api/v2/broker/account/subaccount-list (issue 20): an ND broker's sub-accounts,
// newest first, paged by cursor. Facts from the public API's broker documentation and
// its SDK types: `limit` defaults to 10 and is at most 100; `idLessThan` is the last
// subUid of the previous page (the answer also carries the cursor for the next page);
// `status` is normal, freeze or del; the time range bounds the creation time. The
// endpoint allows 1 request per second per UID.
import { z } from 'zod';
import { intString, msString, uid } from './common';
import { timeRangeRule } from './pagination';

export const SUBACCOUNT_LIST_DEFAULT_LIMIT = 10;
export const SUBACCOUNT_LIST_MAX_LIMIT = 100;

export const subaccountStatuses = ['normal', 'freeze', 'del'] as const;
export type SubaccountStatus = (typeof subaccountStatuses)[number];

export const subaccountListQuery = z
  .strictObject({
    limit: intString
      .refine((s) => Number(s) >= 1 && Number(s) <= SUBACCOUNT_LIST_MAX_LIMIT, `must be between 1 and ${SUBACCOUNT_LIST_MAX_LIMIT}`)
      .optional(),
    idLessThan: uid.optional(),
    status: z.enum(subaccountStatuses).optional(),
    startTime: msString.optional(),
    endTime: msString.optional(),
  })
  .superRefine(timeRangeRule);
export type SubaccountListQuery = z.infer<typeof subaccountListQuery>;

export const brokerSubaccount = z.object({
  subUid: z.string(),
  subaccountName: z.string(),
  status: z.enum(subaccountStatuses),
  permList: z.array(z.string()),
  label: z.string(),
  language: z.string(),
  cTime: z.string(),
  uTime: z.string(),
});
export type BrokerSubaccount = z.infer<typeof brokerSubaccount>;

export const subaccountList = z.object({
  hasNextPage: z.boolean(),
  /** The cursor for the next page: the last subUid of this one (a number in the documented example). */
  idLessThan: z.union([z.number(), z.string()]).nullable(),
  subList: z.array(brokerSubaccount),
});
export type SubaccountList = z.infer<typeof subaccountList>;
