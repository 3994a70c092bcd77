// Building blocks shared by every schema: decimal strings, timestamps, enumerations.
// Strings stay strings (money is decimal); enumerations come from the spec, and where
// the spec lists only examples, from upstream-facts.md.
import { z } from 'zod';
import { isDecimalString, isUnsignedDecimalString } from '../core/decimal';

/** A non-negative decimal number in plain notation, as text ("0.5", "43231.1"). */
export const decimalString = z.string().refine(isUnsignedDecimalString, 'must be a non-negative decimal number in plain notation, e.g. "0.5"');

/** A strictly positive decimal number as text. */
export const positiveDecimalString = decimalString.refine((s) => /[1-9]/.test(s), 'must be greater than zero');

/** A decimal that may be negative (PnL, funding, balance changes). */
export const signedDecimalString = z.string().refine(isDecimalString, 'must be a decimal number in plain notation');

/** A decimal string, or the empty string the exchange uses for "not applicable" (spec 2.7). */
export const optionalDecimalString = z.union([z.literal(''), signedDecimalString]);

/** Unix milliseconds as text (query parameters and most record fields). */
export const msString = z.string().regex(/^\d{1,16}$/, 'must be a Unix timestamp in milliseconds, as digits');

/** A positive integer as text (pageNo, limit, leverage steps). */
export const intString = z.string().regex(/^\d{1,9}$/, 'must be a whole number, as digits');

/**
 * A case-insensitive enumeration: the spec shows both `SPOT` and `spot`, the public API
 * sends upper case. Input of either case is accepted; the output is the lower-case value.
 */
export function ciEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed = new Set<string>(values);
  return z
    .string()
    .refine((s) => allowed.has(s.toLowerCase()), { message: `must be one of ${values.join(', ')}` })
    .transform((s) => s.toLowerCase() as T[number]);
}

export const categories = ['spot', 'margin', 'usdt-futures', 'coin-futures', 'usdc-futures'] as const;
export const category = ciEnum(categories);
export type Category = (typeof categories)[number];
/** The futures business lines: the only ones with positions, strategy orders and preset TP/SL (strategy.md, trade.md). */
export const futuresCategories = ['usdt-futures', 'coin-futures', 'usdc-futures'] as const satisfies readonly Category[];
export const futuresCategory = ciEnum(futuresCategories);
export type FuturesCategory = (typeof futuresCategories)[number];
/** The categories the desk's instruments trade in (ARCHITECTURE.md "Instruments"); margin pairs trade on the spot book. */
export const tradedCategories = ['spot', 'margin', 'usdt-futures'] as const satisfies readonly Category[];
export type TradedCategory = (typeof tradedCategories)[number];

export const sides = ['buy', 'sell'] as const;
export const side = z.enum(sides);
export type Side = (typeof sides)[number];
export const orderTypes = ['limit', 'market'] as const;
export const orderType = z.enum(orderTypes);
export type OrderType = (typeof orderTypes)[number];
export const timeInForces = ['gtc', 'ioc', 'fok', 'post_only'] as const;
export const timeInForce = z.enum(timeInForces);
export type TimeInForce = (typeof timeInForces)[number];
export const posSides = ['long', 'short'] as const;
export const posSide = z.enum(posSides);
export type PosSide = (typeof posSides)[number];
/** yes/no flags: REST documents `yes`/`no`, WebSocket trading `YES`/`NO`; parsed to lower case. */
export const yesNo = ciEnum(['yes', 'no']);
/** Margin mode of a futures order or leverage setting (docs: `crossed` is the default). */
export const marginModes = ['crossed', 'isolated'] as const;
export const marginMode = ciEnum(marginModes);
export type MarginMode = (typeof marginModes)[number];
export const stpModes = ['none', 'cancel_maker', 'cancel_taker', 'cancel_both'] as const;
export const stpMode = z.enum(stpModes);
export type StpMode = (typeof stpModes)[number];
export const holdModes = ['one_way_mode', 'hedge_mode'] as const;
export const holdMode = z.enum(holdModes);
export type HoldMode = (typeof holdModes)[number];
/** spec 2.9: Spot (coming soon), Basic, Advanced. */
export const accountModes = ['spot', 'basic', 'advanced'] as const;
export const accountMode = z.enum(accountModes);

/** spec 3.1: the desk's order states. The seed spells the final one `canceled`. */
export const orderStates = ['live', 'new', 'partially_filled', 'filled', 'canceled'] as const;
export type OrderState = (typeof orderStates)[number];
export const terminalStates: readonly OrderState[] = ['filled', 'canceled'];
export const openStates: readonly OrderState[] = ['live', 'new', 'partially_filled'];
/** True for a state after which the order can no longer fill or change. */
export function isTerminalState(state: string): boolean {
  return (terminalStates as readonly string[]).includes(state);
}
/** True for a state in which the order rests (or is about to rest) on the book. */
export function isOpenState(state: string): boolean {
  return (openStates as readonly string[]).includes(state);
}
/**
 * An order state as either dialect sends it: the live API spells the final state
 * `cancelled`; it parses to the desk's one name, `canceled`. Case is ignored.
 */
export const orderState = z
  .string()
  .transform((s) => {
    const lower = s.toLowerCase();
    return lower === 'cancelled' ? 'canceled' : lower;
  })
  .pipe(z.enum(orderStates));

/**
 * A category in an answer or push. Answers spell it `USDT-FUTURES` (REST) or
 * `usdt-futures` (WebSocket); it parses to lower case. Unlike the request-side `category`,
 * an unknown business line is kept rather than refused, so a new product on the live
 * exchange does not make a whole page of records fail.
 */
export const categoryName = z.string().min(1).transform((s) => s.toLowerCase());

/** Why an order was cancelled (spec 2.8 cancelSource; spec 3.1 and 3.3). */
export const cancelSources = ['user', 'ioc', 'fok', 'post_only', 'self_trade', 'market_no_liquidity', 'modify_failed', 'reduce_only', 'liquidation', 'system'] as const;
export const cancelSource = z.enum(cancelSources);
export type CancelSource = (typeof cancelSources)[number];

/**
 * 1 to 32 characters. The seed (spec 8) and the WebSocket trading docs allow digits,
 * ASCII letters, underscore, colon, hash, hyphen, plus and whitespace; the REST docs allow
 * digits, letters, period, colon, slash, underscore and hyphen. An ID the desk accepts
 * must pass wherever it is sent later, so we take the union of both rules.
 */
export const CLIENT_OID_RE = /^[0-9A-Za-z_:#\-+ \t./]{1,32}$/;
export const clientOid = z
  .string()
  .regex(CLIENT_OID_RE, 'must be 1 to 32 characters: digits, letters, and _ : # - + . / or spaces');

export const symbol = z
  .string()
  .regex(/^[A-Z0-9]{2,20}$/, 'must be an instrument symbol such as BTCUSDT (upper-case letters and digits)');
export const coin = z.string().regex(/^[A-Z0-9]{1,12}$/, 'must be a coin such as USDT (upper-case letters and digits)');
export const uid = z.string().regex(/^\d{1,20}$/, 'must be a numeric UID');
export const id = z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, 'must be an ID of digits and letters');

const feeItem = z.object({ feeCoin: z.string(), fee: signedDecimalString });
type FeeItem = z.infer<typeof feeItem>;
/**
 * Fees of an order or fill. An open order with nothing charged yet comes from the live
 * API with `{feeCoin: null, fee: null}` (trade.md, open orders): such an entry says "no
 * fee", so it is left out. The declared input type stays the strict one, so what we
 * send (the simulator) is still held to it; only parsing is lenient.
 */
export const feeDetail = z
  .array(z.union([feeItem, z.object({ feeCoin: z.null(), fee: z.null() })]))
  .transform((items) => items.filter((i): i is FeeItem => i.feeCoin !== null)) as unknown as z.ZodType<FeeItem[], FeeItem[]>;
