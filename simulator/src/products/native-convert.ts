// Small-balance conversion into the native token (spec 4.4, 2.5).
//
// "Small" is a USD value below DUST_LIMIT_USD (10 USD), valued at the coin's USD price. The
// whole available balance of each listed coin is converted, at that USD value, into the
// native token at its USD price, rounded down to NATIVE_SCALE decimals; no fee. The request
// is all or nothing: if any listed coin is not a small balance, nothing is converted and
// the answer names that coin (43002).
import { NATIVE_COIN } from '../instruments/instrument-specs';
import type { AccountStore } from '../accounts/account-store';
import { IdSequence } from '../accounts/id-sequence';
import { fmtMoney, money, mulMoney, ONE } from '../core/money';
import { rescale } from '@contract/core/decimal';
import { MONEY_SCALE } from '../core/money';
import { paramError, SimError } from '../core/sim-error';

export const DUST_LIMIT_USD = '10';
/** Decimals of the native token credited by a conversion. */
export const NATIVE_SCALE = 8;

export interface ConvertOrder {
  orderId: string;
  uid: number;
  coin: string;
  amount: string;
  nativeAmount: string;
  ts: number;
}

export type UsdPrice = (coin: string) => bigint | undefined;

export class NativeConverter {
  private readonly ids = new IdSequence(2_000_000_000_000_000n);
  readonly orders: ConvertOrder[] = [];
  private readonly limit = money(DUST_LIMIT_USD);

  constructor(
    private readonly accounts: AccountStore,
    private readonly usdPrice: UsdPrice,
    private readonly now: () => number,
  ) {}

  /** The coins of `uid` that could be converted now, with their USD values. */
  eligible(uid: number): { coin: string; available: string; usdValue: string }[] {
    const out: { coin: string; available: string; usdValue: string }[] = [];
    for (const coin of this.accounts.get(uid).balances.keys()) {
      const quote = this.quote(uid, coin);
      if (quote.ok) out.push({ coin, available: fmtMoney(quote.available), usdValue: fmtMoney(quote.usd) });
    }
    return out;
  }

  convert(uid: number, coinList: readonly string[]): { orderList: { coin: string; orderId: string }[] } {
    const seen = new Set<string>();
    for (const coin of coinList) {
      if (seen.has(coin)) throw paramError('coinList', `names ${coin} more than once`);
      seen.add(coin);
    }
    const nativePrice = this.usdPrice(NATIVE_COIN);
    if (nativePrice === undefined || nativePrice <= 0n) throw new SimError('45002');
    // All coins are checked before anything moves: all or nothing.
    const quotes = coinList.map((coin) => {
      const q = this.quote(uid, coin);
      if (!q.ok) throw new SimError('43002', { field: `${coin} (${q.why})` });
      return { coin, ...q };
    });
    const orderList: { coin: string; orderId: string }[] = [];
    for (const q of quotes) {
      const native = rescale(rescale((q.usd * ONE) / nativePrice, MONEY_SCALE, NATIVE_SCALE, 'down'), NATIVE_SCALE, MONEY_SCALE);
      const orderId = this.ids.next();
      this.accounts.debit(uid, q.coin, q.available, { category: 'SPOT', symbol: '', type: 'CONVERT_OUT' });
      if (native > 0n) this.accounts.credit(uid, NATIVE_COIN, native, { category: 'SPOT', symbol: '', type: 'CONVERT_IN' });
      this.orders.push({ orderId, uid, coin: q.coin, amount: fmtMoney(q.available), nativeAmount: fmtMoney(native), ts: this.now() });
      orderList.push({ coin: q.coin, orderId });
    }
    return { orderList };
  }

  private quote(uid: number, coin: string): { ok: true; available: bigint; usd: bigint } | { ok: false; why: string } {
    if (coin === NATIVE_COIN) return { ok: false, why: 'it is the native token itself' };
    const price = this.usdPrice(coin);
    if (price === undefined) return { ok: false, why: 'it has no USD price here' };
    const account = this.accounts.find(uid);
    const b = account?.balances.get(coin);
    const available = b === undefined ? 0n : b.balance - b.locked;
    if (available <= 0n) return { ok: false, why: 'no available balance' };
    const usd = mulMoney(available, price);
    if (usd >= this.limit) return { ok: false, why: `worth ${fmtMoney(usd)} USD, not below ${DUST_LIMIT_USD} USD` };
    return { ok: true, available, usd };
  }
}
