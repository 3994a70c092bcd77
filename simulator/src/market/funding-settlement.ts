// Funding at each settlement (issue 18): every open USDT-futures position pays or receives
// its value at the mark price times the funding rate. A positive rate has longs pay and
// shorts receive; a negative one the reverse. Each payment is a balance change with its
// own financial record, type FUNDING_FEE (the reference docs leave the enumeration to a
// page we do not have; the name says what it is). Amounts are exact money units.
import type { AccountStore } from '../accounts/account-store';
import type { Instrument } from '../instruments/instrument-registry';
import { money, ONE } from '../core/money';
import type { PositionBook } from '../trading/position-book';
import type { MarketData } from './market-data';

export const FUNDING_RECORD_TYPE = 'FUNDING_FEE';

export interface FundingDeps {
  positions: PositionBook;
  accounts: AccountStore;
  market: MarketData;
}

/** Settles one instrument at `rate` (a decimal string); returns the payments made, by UID (negative: paid). */
export function settleFunding({ positions, accounts, market }: FundingDeps, inst: Instrument, rate: string): Map<number, bigint> {
  const rateMoney = money(rate, 'fundingRate');
  const mark = market.markOf(inst.symbol);
  const paid = new Map<number, bigint>();
  for (const p of positions.openOn(inst.symbol)) {
    const value = (BigInt(p.lots) * p.inst.lotMoney * mark) / ONE;
    const payment = (value * rateMoney) / ONE;
    if (payment === 0n) continue;
    // Longs pay a positive rate, shorts receive it.
    const delta = p.posSide === 'long' ? -payment : payment;
    const why = { category: 'USDT-FUTURES', symbol: inst.symbol, type: FUNDING_RECORD_TYPE };
    if (delta < 0n) accounts.debit(p.uid, 'USDT', -delta, why);
    else accounts.credit(p.uid, 'USDT', delta, why);
    paid.set(p.uid, (paid.get(p.uid) ?? 0n) + delta);
  }
  return paid;
}
