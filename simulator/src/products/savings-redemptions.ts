// Savings redemption results (spec 4.3, 2.3). Each account has four seeded savings
// subscription orders, one per outcome, so every branch of the result can be shown:
//   <uid>81 flexible, redeemed          -> success
//   <uid>82 flexible, redemption failed -> fail, with the reason
//   <uid>83 fixed, redeemed at maturity -> success
//   <uid>84 fixed, not yet matured      -> fail, with the reason
// An order that is not the caller's, or asked under the other period type, is unknown.
import type { z } from 'zod';
import type { periodTypes, redeemResult } from '@contract/schemas/earn-broker-convert';
import { SimError } from '../core/sim-error';

export type PeriodType = (typeof periodTypes)[number];
export type RedeemResult = z.infer<typeof redeemResult>;

export interface SavingsOrder {
  orderId: string;
  periodType: PeriodType;
  coin: string;
  amount: string;
  result: RedeemResult;
}

export function seedSavingsOrders(uid: number): SavingsOrder[] {
  return [
    { orderId: `${uid}81`, periodType: 'flexible', coin: 'USDT', amount: '1000', result: { result: 'success', msg: '' } },
    {
      orderId: `${uid}82`,
      periodType: 'flexible',
      coin: 'BTC',
      amount: '0.05',
      result: { result: 'fail', msg: 'Redemption failed: the product quota for instant redemption is used up today; try again after 00:00 UTC' },
    },
    { orderId: `${uid}83`, periodType: 'fixed', coin: 'USDT', amount: '5000', result: { result: 'success', msg: '' } },
    {
      orderId: `${uid}84`,
      periodType: 'fixed',
      coin: 'ETH',
      amount: '1.5',
      result: { result: 'fail', msg: 'Redemption failed: a fixed-term subscription cannot be redeemed before it matures' },
    },
  ];
}

export class SavingsBook {
  private readonly byUid = new Map<number, SavingsOrder[]>();

  of(uid: number): SavingsOrder[] {
    let list = this.byUid.get(uid);
    if (list === undefined) {
      list = seedSavingsOrders(uid);
      this.byUid.set(uid, list);
    }
    return list;
  }

  /** The redemption result, or 43001 naming the order. */
  result(uid: number, orderId: string, periodType: PeriodType): RedeemResult {
    const order = this.of(uid).find((o) => o.orderId === orderId);
    if (order === undefined || order.periodType !== periodType) {
      throw new SimError('43001', { field: 'orderId', detail: `no ${periodType} savings order ${orderId} for this account` });
    }
    return { ...order.result };
  }
}
