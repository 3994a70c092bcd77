// The endpoint catalog: one entry per REST endpoint of spec section 4 (the four v2
// operations, spec 4.1-4.4, and every v3 row of 4.5). The proxy's allowlist, permission
// checks and rate shaping, the simulator's routes and the web client are all driven by
// this table, so a path, a limit or a shape is written down exactly once.
import { z } from 'zod';
import {
  assets,
  emptyQuery,
  financialRecordPage,
  financialRecordsQuery,
  fundingAssets,
  fundingAssetsQuery,
  maxOpen,
  maxOpenRequest,
  maxTransferable,
  maxTransferableQuery,
  positionList,
  positionQuery,
  setHoldModeRequest,
  setLeverageRequest,
  settings,
  successString,
} from '../schemas/account';
import {
  autoTransferRequest,
  autoTransferResult,
  nativeConvertRequest,
  nativeConvertResult,
  redeemResult,
  redeemResultQuery,
  reviseHistory,
  reviseHistoryQuery,
} from '../schemas/earn-broker-convert';
import { subaccountList, subaccountListQuery } from '../schemas/broker-subaccounts';
import { borrowHistory, borrowHistoryQuery, loanOngoingOrders, loanOngoingQuery } from '../schemas/loan-orders';
import { instrumentList, instrumentsQuery } from '../schemas/instruments';
import {
  candleList,
  candlesQuery,
  currentFundingList,
  fundingHistory,
  fundingHistoryQuery,
  fundingRateQuery,
  historyCandlesQuery,
  openInterest,
  openInterestQuery,
  orderbookQuery,
  orderbookSnapshot,
  publicFillList,
  publicFillsQuery,
  tickerList,
  tickersQuery,
} from '../schemas/market';
import { cancelSymbolOrderRequest, closePositionsRequest, countdownCancelAllRequest, riskControlResult } from '../schemas/risk-controls';
import {
  batchModifyRequest,
  batchResult,
  cancelBatchRequest,
  cancelOrderRequest,
  fillPage,
  fillsQuery,
  modifyOrderRequest,
  orderAck,
  orderListQuery,
  orderPage,
  placeBatchRequest,
  placeOrderRequest,
} from '../schemas/orders';
import {
  cancelStrategyOrderRequest,
  cancelStrategyResult,
  historyStrategyQuery,
  modifyStrategyOrderRequest,
  placeStrategyOrderRequest,
  strategyOrderList,
  strategyOrderPage,
  unfilledStrategyQuery,
} from '../schemas/strategy-orders';

export const permissions = [
  'market.read',
  'account.read',
  'trade.read',
  'trade.write',
  'account.write',
  'earn.read',
  'broker.write',
  'convert.write',
  'audit.read',
] as const;
export type Permission = (typeof permissions)[number];

export const roles = ['viewer', 'ops', 'broker', 'trader', 'admin'] as const;
export type Role = (typeof roles)[number];

const readOnly: Permission[] = ['market.read', 'account.read', 'trade.read'];

/** What each role may do. The proxy enforces it; the UI hides what a role can't use. */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  viewer: readOnly,
  ops: [...readOnly, 'earn.read', 'audit.read'],
  broker: [...readOnly, 'broker.write', 'audit.read'],
  trader: [...readOnly, 'trade.write', 'account.write', 'convert.write', 'earn.read'],
  admin: [...permissions],
};

export interface RateLimit {
  /** Requests per second: per UID for private endpoints, per IP for public ones (`scope`). */
  perSecond: number;
  /** True when the exchange documents the limit (spec 8, the reference docs); false for a guess. */
  documented: boolean;
  /** Endpoints that share a group share one budget per UID. */
  group: string;
  /** Who the exchange counts the limit against. */
  scope: 'uid' | 'ip';
}

export interface EndpointDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  id: string;
  method: 'GET' | 'POST';
  /** The path of the spec. */
  path: string;
  /** Other paths the same endpoint answers on (the public API's form, where it differs). */
  aliases: readonly string[];
  /** The path the proxy calls upstream when it differs from `path` (the public API's). */
  upstreamPath?: string;
  version: 'v2' | 'v3';
  auth: 'private' | 'public';
  mutating: boolean;
  rateLimit: RateLimit;
  permission: Permission;
  /** Query schema for GET, JSON body schema for POST. */
  request: Req;
  /** Schema of the envelope's `data`. */
  response: Res;
  /** True when the body is a top-level JSON array (the batch operations). */
  arrayBody?: boolean;
}

const v2Limit = (group: string): RateLimit => ({ perSecond: 10, documented: true, group, scope: 'uid' });
/**
 * A v3 limit as the reference docs state it on each endpoint ("Rate limit: N/sec/UID";
 * market data N/sec/IP). No two endpoints are documented as sharing a budget, so each
 * has its own group, named after its catalog id.
 */
const documented = (perSecond: number, group: string, scope: RateLimit['scope'] = 'uid'): RateLimit => ({ perSecond, documented: true, group, scope });

function def<const Id extends string, Req extends z.ZodType, Res extends z.ZodType>(
  e: Omit<EndpointDef<Req, Res>, 'id' | 'aliases' | 'version'> & { aliases?: readonly string[] },
  id: Id,
): EndpointDef<Req, Res> & { id: Id } {
  return { ...e, id, aliases: e.aliases ?? [], version: e.path.startsWith('/api/v2/') ? 'v2' : 'v3' };
}

/** A public market-data read (market-data.md): GET, no key, 20 requests/s per IP each, market.read. */
function marketRead<const Id extends string, Req extends z.ZodType, Res extends z.ZodType>(id: Id, path: string, request: Req, response: Res) {
  return def({ method: 'GET', path, auth: 'public', mutating: false, rateLimit: documented(20, id, 'ip'), permission: 'market.read', request, response }, id);
}

export const endpoints = {
  // spec 4.1-4.4: the v2 operations.
  reviseHistory: def(
    { method: 'GET', path: '/api/v2/earn/loan/revise-history', auth: 'private', mutating: false, rateLimit: v2Limit('v2-revise-history'), permission: 'earn.read', request: reviseHistoryQuery, response: reviseHistory },
    'reviseHistory',
  ),
  setSubaccountAutotransfer: def(
    { method: 'POST', path: '/api/v2/broker/account/set-subaccount-autotransfer', auth: 'private', mutating: true, rateLimit: v2Limit('v2-autotransfer'), permission: 'broker.write', request: autoTransferRequest, response: autoTransferResult },
    'setSubaccountAutotransfer',
  ),
  subaccountList: def(
    // 1 request/s per UID (the public API's broker docs). Listing sub-accounts is broker work: broker.write.
    { method: 'GET', path: '/api/v2/broker/account/subaccount-list', auth: 'private', mutating: false, rateLimit: { perSecond: 1, documented: true, group: 'v2-subaccount-list', scope: 'uid' }, permission: 'broker.write', request: subaccountListQuery, response: subaccountList },
    'subaccountList',
  ),
  redeemResult: def(
    { method: 'GET', path: '/api/v2/earn/savings/redeem-result', auth: 'private', mutating: false, rateLimit: v2Limit('v2-redeem-result'), permission: 'earn.read', request: redeemResultQuery, response: redeemResult },
    'redeemResult',
  ),
  loanOngoingOrders: def(
    { method: 'GET', path: '/api/v2/earn/loan/ongoing-orders', auth: 'private', mutating: false, rateLimit: v2Limit('v2-loan-ongoing'), permission: 'earn.read', request: loanOngoingQuery, response: loanOngoingOrders },
    'loanOngoingOrders',
  ),
  loanBorrowHistory: def(
    { method: 'GET', path: '/api/v2/earn/loan/borrow-history', auth: 'private', mutating: false, rateLimit: v2Limit('v2-loan-borrow-history'), permission: 'earn.read', request: borrowHistoryQuery, response: borrowHistory },
    'loanBorrowHistory',
  ),
  nativeConvert: def(
    // The public API names its native token in the last segment (upstream-facts.md).
    { method: 'POST', path: '/api/v2/convert/native-convert', aliases: ['/api/v2/convert/bgb-convert'], upstreamPath: '/api/v2/convert/bgb-convert', auth: 'private', mutating: true, rateLimit: v2Limit('v2-native-convert'), permission: 'convert.write', request: nativeConvertRequest, response: nativeConvertResult },
    'nativeConvert',
  ),

  // spec 4.5: the unified trading account (v3). Limits from the reference docs.
  // Instruments: the live API answers on /api/v3/market/instruments and requires category
  // there (market-data.md); the catalog still takes a call without one (the seed's form).
  instruments: def(
    { method: 'GET', path: '/api/v3/public/instruments', aliases: ['/api/v3/market/instruments'], upstreamPath: '/api/v3/market/instruments', auth: 'public', mutating: false, rateLimit: documented(20, 'instruments', 'ip'), permission: 'market.read', request: instrumentsQuery, response: instrumentList },
    'instruments',
  ),
  // Public market data (issue 18; market-data.md): 20 requests/s per IP each.
  tickers: marketRead('tickers', '/api/v3/market/tickers', tickersQuery, tickerList),
  orderbook: marketRead('orderbook', '/api/v3/market/orderbook', orderbookQuery, orderbookSnapshot),
  candles: marketRead('candles', '/api/v3/market/candles', candlesQuery, candleList),
  historyCandles: marketRead('historyCandles', '/api/v3/market/history-candles', historyCandlesQuery, candleList),
  publicFills: marketRead('publicFills', '/api/v3/market/fills', publicFillsQuery, publicFillList),
  currentFundingRate: marketRead('currentFundingRate', '/api/v3/market/current-fund-rate', fundingRateQuery, currentFundingList),
  fundingRateHistory: marketRead('fundingRateHistory', '/api/v3/market/history-fund-rate', fundingHistoryQuery, fundingHistory),
  openInterest: marketRead('openInterest', '/api/v3/market/open-interest', openInterestQuery, openInterest),
  settings: def(
    { method: 'GET', path: '/api/v3/account/settings', auth: 'private', mutating: false, rateLimit: documented(20, 'settings'), permission: 'account.read', request: emptyQuery, response: settings },
    'settings',
  ),
  setHoldMode: def(
    { method: 'POST', path: '/api/v3/account/set-hold-mode', auth: 'private', mutating: true, rateLimit: documented(10, 'setHoldMode'), permission: 'account.write', request: setHoldModeRequest, response: successString },
    'setHoldMode',
  ),
  setLeverage: def(
    { method: 'POST', path: '/api/v3/account/set-leverage', auth: 'private', mutating: true, rateLimit: documented(10, 'setLeverage'), permission: 'account.write', request: setLeverageRequest, response: successString },
    'setLeverage',
  ),
  unfilledOrders: def(
    { method: 'GET', path: '/api/v3/trade/unfilled-orders', auth: 'private', mutating: false, rateLimit: documented(20, 'unfilledOrders'), permission: 'trade.read', request: orderListQuery, response: orderPage },
    'unfilledOrders',
  ),
  historyOrders: def(
    { method: 'GET', path: '/api/v3/trade/history-orders', auth: 'private', mutating: false, rateLimit: documented(20, 'historyOrders'), permission: 'trade.read', request: orderListQuery, response: orderPage },
    'historyOrders',
  ),
  fills: def(
    { method: 'GET', path: '/api/v3/trade/fills', auth: 'private', mutating: false, rateLimit: documented(20, 'fills'), permission: 'trade.read', request: fillsQuery, response: fillPage },
    'fills',
  ),
  financialRecords: def(
    { method: 'GET', path: '/api/v3/account/financial-records', auth: 'private', mutating: false, rateLimit: documented(20, 'financialRecords'), permission: 'account.read', request: financialRecordsQuery, response: financialRecordPage },
    'financialRecords',
  ),
  placeOrder: def(
    { method: 'POST', path: '/api/v3/trade/place-order', auth: 'private', mutating: true, rateLimit: documented(10, 'placeOrder'), permission: 'trade.write', request: placeOrderRequest, response: orderAck },
    'placeOrder',
  ),
  modifyOrder: def(
    { method: 'POST', path: '/api/v3/trade/modify-order', auth: 'private', mutating: true, rateLimit: documented(10, 'modifyOrder'), permission: 'trade.write', request: modifyOrderRequest, response: orderAck },
    'modifyOrder',
  ),
  cancelOrder: def(
    { method: 'POST', path: '/api/v3/trade/cancel-order', auth: 'private', mutating: true, rateLimit: documented(10, 'cancelOrder'), permission: 'trade.write', request: cancelOrderRequest, response: orderAck },
    'cancelOrder',
  ),
  placeBatch: def(
    { method: 'POST', path: '/api/v3/trade/place-batch', auth: 'private', mutating: true, rateLimit: documented(5, 'placeBatch'), permission: 'trade.write', request: placeBatchRequest, response: batchResult, arrayBody: true },
    'placeBatch',
  ),
  batchModifyOrder: def(
    { method: 'POST', path: '/api/v3/trade/batch-modify-order', auth: 'private', mutating: true, rateLimit: documented(10, 'batchModifyOrder'), permission: 'trade.write', request: batchModifyRequest, response: batchResult, arrayBody: true },
    'batchModifyOrder',
  ),
  cancelBatch: def(
    { method: 'POST', path: '/api/v3/trade/cancel-batch', auth: 'private', mutating: true, rateLimit: documented(5, 'cancelBatch'), permission: 'trade.write', request: cancelBatchRequest, response: batchResult, arrayBody: true },
    'cancelBatch',
  ),
  // The one-click risk controls (trade.md: Cancel All Orders, Close All Positions, CountDown Cancel All).
  cancelSymbolOrder: def(
    { method: 'POST', path: '/api/v3/trade/cancel-symbol-order', auth: 'private', mutating: true, rateLimit: documented(5, 'cancelSymbolOrder'), permission: 'trade.write', request: cancelSymbolOrderRequest, response: riskControlResult },
    'cancelSymbolOrder',
  ),
  closePositions: def(
    { method: 'POST', path: '/api/v3/trade/close-positions', auth: 'private', mutating: true, rateLimit: documented(5, 'closePositions'), permission: 'trade.write', request: closePositionsRequest, response: riskControlResult },
    'closePositions',
  ),
  countdownCancelAll: def(
    { method: 'POST', path: '/api/v3/trade/countdown-cancel-all', auth: 'private', mutating: true, rateLimit: documented(1, 'countdownCancelAll'), permission: 'trade.write', request: countdownCancelAllRequest, response: successString },
    'countdownCancelAll',
  ),
  // Strategy orders: take-profit / stop-loss and trigger orders (strategy.md). Limits and
  // permissions as documented: 10/s UID and trade read & write for the three writes, 20/s
  // UID and trade read for the two lists.
  placeStrategyOrder: def(
    { method: 'POST', path: '/api/v3/trade/place-strategy-order', auth: 'private', mutating: true, rateLimit: documented(10, 'placeStrategyOrder'), permission: 'trade.write', request: placeStrategyOrderRequest, response: orderAck },
    'placeStrategyOrder',
  ),
  modifyStrategyOrder: def(
    { method: 'POST', path: '/api/v3/trade/modify-strategy-order', auth: 'private', mutating: true, rateLimit: documented(10, 'modifyStrategyOrder'), permission: 'trade.write', request: modifyStrategyOrderRequest, response: orderAck },
    'modifyStrategyOrder',
  ),
  cancelStrategyOrder: def(
    { method: 'POST', path: '/api/v3/trade/cancel-strategy-order', auth: 'private', mutating: true, rateLimit: documented(10, 'cancelStrategyOrder'), permission: 'trade.write', request: cancelStrategyOrderRequest, response: cancelStrategyResult },
    'cancelStrategyOrder',
  ),
  unfilledStrategyOrders: def(
    { method: 'GET', path: '/api/v3/trade/unfilled-strategy-orders', auth: 'private', mutating: false, rateLimit: documented(20, 'unfilledStrategyOrders'), permission: 'trade.read', request: unfilledStrategyQuery, response: strategyOrderList },
    'unfilledStrategyOrders',
  ),
  historyStrategyOrders: def(
    { method: 'GET', path: '/api/v3/trade/history-strategy-orders', auth: 'private', mutating: false, rateLimit: documented(20, 'historyStrategyOrders'), permission: 'trade.read', request: historyStrategyQuery, response: strategyOrderPage },
    'historyStrategyOrders',
  ),
  assets: def(
    { method: 'GET', path: '/api/v3/account/assets', auth: 'private', mutating: false, rateLimit: documented(20, 'assets'), permission: 'account.read', request: emptyQuery, response: assets },
    'assets',
  ),
  fundingAssets: def(
    { method: 'GET', path: '/api/v3/account/funding-assets', auth: 'private', mutating: false, rateLimit: documented(20, 'fundingAssets'), permission: 'account.read', request: fundingAssetsQuery, response: fundingAssets },
    'fundingAssets',
  ),
  maxOpenAvailable: def(
    // A POST that changes nothing (upstream-facts.md): not mutating, not audited.
    { method: 'POST', path: '/api/v3/account/max-open-available', auth: 'private', mutating: false, rateLimit: documented(5, 'maxOpenAvailable'), permission: 'account.read', request: maxOpenRequest, response: maxOpen },
    'maxOpenAvailable',
  ),
  maxTransferable: def(
    { method: 'GET', path: '/api/v3/account/max-transferable', auth: 'private', mutating: false, rateLimit: documented(3, 'maxTransferable'), permission: 'account.read', request: maxTransferableQuery, response: maxTransferable },
    'maxTransferable',
  ),
  currentPosition: def(
    { method: 'GET', path: '/api/v3/position/current-position', auth: 'private', mutating: false, rateLimit: documented(20, 'currentPosition'), permission: 'trade.read', request: positionQuery, response: positionList },
    'currentPosition',
  ),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
export type RequestOf<Id extends EndpointId> = z.input<Endpoints[Id]['request']>;
export type ParsedRequestOf<Id extends EndpointId> = z.infer<Endpoints[Id]['request']>;
export type ResponseOf<Id extends EndpointId> = z.infer<Endpoints[Id]['response']>;
export type ResponseInputOf<Id extends EndpointId> = z.input<Endpoints[Id]['response']>;

export const endpointList: readonly EndpointDef[] = Object.values(endpoints);

// Method, then path: a lookup on every proxied call builds no key string.
const byRoute = new Map<string, Map<string, EndpointDef>>();
for (const e of endpointList) {
  let paths = byRoute.get(e.method);
  if (!paths) byRoute.set(e.method, (paths = new Map()));
  for (const p of [e.path, ...e.aliases]) paths.set(p, e);
}

/** The catalog entry for a method and path (the spec's or an alias), or undefined. */
export function findEndpoint(method: string, path: string): EndpointDef | undefined {
  return (byRoute.get(method) ?? byRoute.get(method.toUpperCase()))?.get(path);
}

/** True when some entry has this path under another method (for 405-style messages). */
export function pathKnown(path: string): boolean {
  return endpointList.some((e) => e.path === path || e.aliases.includes(path));
}
