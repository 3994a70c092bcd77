// Which balances can be converted into the platform token (spec 4.4). The spec says only
// "small balances"; the desk uses the rule the simulator documents (simulator/README.md):
// a coin whose available balance is worth less than 10 USD, other than the native token
// itself, with something available. Values are exact decimals (never floats).
import { compareDecimal, fromScaled, isDecimalString, toScaled } from '@contract/core/decimal';
import type { Assets } from '@contract/schemas/account';

export const SMALL_BALANCE_LIMIT_USD = '10';
/** The platform's native token: NTK in the simulator, written with a neutral word in spec 4.4 (BGB on the public API). */
export const NATIVE_TOKENS: readonly string[] = ['NTK', 'BGB'];

export const smallBalanceRule = `A coin is a small balance when its available amount is worth less than ${SMALL_BALANCE_LIMIT_USD} USD. The native token (${NATIVE_TOKENS.join(' / ')}) itself is never converted. The whole available amount of each chosen coin converts.`;

export interface SmallBalance {
  coin: string;
  available: string;
  /** USD value of the available amount. */
  usdValue: string;
}

const SCALE = 18;

/** The USD value of the available part: usdValue × available / balance (the row's usdValue covers the whole balance). */
export function availableUsd(row: Assets['assets'][number]): string {
  if (row.available === row.balance) return row.usdValue;
  const balance = toScaled(row.balance, SCALE, { allowNegative: true, rounding: 'down' });
  if (balance <= 0n) return '0';
  const usd = toScaled(row.usdValue, SCALE, { allowNegative: true, rounding: 'down' });
  const available = toScaled(row.available, SCALE, { allowNegative: true, rounding: 'down' });
  return fromScaled((usd * available) / balance, SCALE, { trim: true });
}

export function smallBalances(rows: Assets['assets']): SmallBalance[] {
  const out: SmallBalance[] = [];
  for (const row of rows) {
    if (NATIVE_TOKENS.includes(row.coin)) continue;
    if (!isDecimalString(row.available) || compareDecimal(row.available, '0') <= 0) continue;
    const usd = availableUsd(row);
    if (compareDecimal(usd, SMALL_BALANCE_LIMIT_USD) >= 0) continue;
    out.push({ coin: row.coin, available: row.available, usdValue: usd });
  }
  return out;
}
