// The three spec 4.6 lists of the history screen: what each fetches, how its rows are
// identified and dated, and its columns on screen and in CSV. CSV cells are the
// exchange's own strings (exact decimals, times as Unix ms plus an ISO UTC copy).
import type { ReactNode } from 'react';
import { endpoints } from '@contract/catalog/endpoints';
import type { FinancialRecord } from '@contract/schemas/account';
import type { FillRecord, OrderRecord } from '@contract/schemas/orders';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import type { Page } from '@web/lib/account-data/cursor-pages';
import type { ListTopic } from '@web/lib/account-data/list-refresh-events';
import type { CsvColumn } from '@web/lib/csv/csv-build';
import { formatDecimal, formatSigned } from '@web/lib/format/format-decimal';
import { filledText, orderSizeText } from '@web/lib/format/order-size-text';
import { cancelReasonText, orderSourceText, orderStateText } from '@web/lib/format/order-words';
import { formatDateTime } from '@web/lib/format/format-time';
import type { MarketFormat } from '@web/lib/format/market-format';
import { filterParams, type HistoryFilters } from './history-filters';
import type { TableColumn } from './virtual-table';

export const PAGE_SIZE = 100;

export interface ListDefinition<Row> {
  id: 'orders' | 'fills' | 'records';
  title: string;
  topic: ListTopic;
  /** The filter that narrows by instrument: a symbol, or a coin for financial records. */
  symbolFilter: 'symbol' | 'coin';
  idOf: (row: Row) => string;
  timeOf: (row: Row) => number;
  rowLabel: (row: Row) => string;
  columns: readonly TableColumn<Row>[];
  csv: readonly CsvColumn<Row>[];
  fetchPage: (filters: HistoryFilters, cursor: string | undefined, account: string | null, signal: AbortSignal) => Promise<Page<Row>>;
}

const iso = (ms: string) => (/^\d+$/.test(ms) ? new Date(Number(ms)).toISOString() : '');
const fees = (detail: readonly { feeCoin: string; fee: string }[] | undefined) => detail ?? [];
const signedCell = (v: string, scale: number | undefined): ReactNode => <span className={v.startsWith('-') ? 'text-sell' : /[1-9]/.test(v) ? 'text-buy' : ''}>{formatSigned(v, { scale })}</span>;
/** An amount in the instrument's quote coin (a fill's value) at that coin's display precision. */
const quoteAmount = (v: string, m: { symbol: string; category: string }, fmt: MarketFormat) => {
  const quote = fmt.meta(m)?.quoteCoin;
  return quote ? fmt.coin(v, quote) : formatDecimal(v);
};
const sideCell = (side: string): ReactNode => <span className={side === 'buy' ? 'text-buy' : 'text-sell'}>{side}</span>;
const page = { limit: String(PAGE_SIZE) };

/** "market", or "market (take profit)" for an order a TP/SL or a liquidation sent. */
function typeText(o: OrderRecord): string {
  const source = orderSourceText(o.delegateType);
  return source ? `${o.orderType} (${source.toLowerCase()})` : o.orderType;
}

export const orderHistoryList: ListDefinition<OrderRecord> = {
  id: 'orders',
  title: 'Order history',
  topic: 'history',
  symbolFilter: 'symbol',
  idOf: (o) => o.orderId,
  timeOf: (o) => Number(o.createdTime),
  rowLabel: (o) => `Order ${o.orderId}`,
  fetchPage: (f, cursor, account, signal) =>
    callEndpoint(endpoints.historyOrders, { ...filterParams(f, 'symbol'), ...page, ...(cursor ? { cursor } : {}) }, { account: account ?? undefined, signal }),
  columns: [
    { header: 'Time', width: '10.5rem', cell: (o) => formatDateTime(o.createdTime) },
    { header: 'Order ID', width: '9.5rem', cell: (o) => o.orderId },
    { header: 'Symbol', width: '6rem', cell: (o) => o.symbol },
    { header: 'Category', width: '6.5rem', cell: (o) => o.category },
    { header: 'Type', width: '6.5rem', cell: (o) => typeText(o) },
    { header: 'Side', width: '3.5rem', cell: (o) => sideCell(o.side) },
    { header: 'Price', width: '7rem', align: 'right', cell: (o, fmt) => (o.orderType === 'market' ? 'market' : fmt.price(o.price, o)) },
    { header: 'Size', width: '8.5rem', align: 'right', cell: (o, fmt) => orderSizeText(o, fmt) },
    { header: 'Filled', width: '8.5rem', align: 'right', cell: (o, fmt) => filledText(o, fmt) },
    { header: 'Avg price', width: '7rem', align: 'right', cell: (o, fmt) => fmt.price(o.avgPrice, o) },
    { header: 'State', width: '7.5rem', cell: (o) => orderStateText(o.state) },
    { header: 'Cancel reason', width: '7rem', cell: (o) => (o.cancelSource ? cancelReasonText(o.cancelSource) : '') },
  ],
  csv: [
    { header: 'createdTime', value: (o) => o.createdTime },
    { header: 'createdTimeUtc', value: (o) => iso(o.createdTime) },
    { header: 'updatedTime', value: (o) => o.updatedTime },
    { header: 'orderId', value: (o) => o.orderId },
    { header: 'clientOid', value: (o) => o.clientOid },
    { header: 'category', value: (o) => o.category },
    { header: 'symbol', value: (o) => o.symbol },
    { header: 'orderType', value: (o) => o.orderType },
    { header: 'side', value: (o) => o.side },
    { header: 'posSide', value: (o) => o.posSide ?? '' },
    { header: 'price', value: (o) => o.price },
    { header: 'qty', value: (o) => o.qty },
    { header: 'cumExecQty', value: (o) => o.cumExecQty },
    { header: 'cumExecValue', value: (o) => o.cumExecValue },
    { header: 'avgPrice', value: (o) => o.avgPrice },
    { header: 'timeInForce', value: (o) => o.timeInForce },
    { header: 'reduceOnly', value: (o) => o.reduceOnly ?? '' },
    { header: 'state', value: (o) => o.state },
    { header: 'cancelSource', value: (o) => o.cancelSource },
    { header: 'fee', value: (o) => fees(o.feeDetail).map((d) => d.fee).join(';') },
    { header: 'feeCoin', value: (o) => fees(o.feeDetail).map((d) => d.feeCoin).join(';') },
  ],
};

export const fillsList: ListDefinition<FillRecord> = {
  id: 'fills',
  title: 'Fills',
  topic: 'fills',
  symbolFilter: 'symbol',
  idOf: (f) => f.execId,
  timeOf: (f) => Number(f.createdTime),
  rowLabel: (f) => `Fill ${f.execId} of order ${f.orderId}`,
  fetchPage: (f, cursor, account, signal) =>
    callEndpoint(endpoints.fills, { ...filterParams(f, 'symbol'), ...page, ...(cursor ? { cursor } : {}) }, { account: account ?? undefined, signal }),
  columns: [
    { header: 'Time', width: '10.5rem', cell: (f) => formatDateTime(f.createdTime) },
    { header: 'Fill ID', width: '9.5rem', cell: (f) => f.execId },
    { header: 'Order ID', width: '9.5rem', cell: (f) => f.orderId },
    { header: 'Symbol', width: '6rem', cell: (f) => f.symbol },
    { header: 'Category', width: '6.5rem', cell: (f) => f.category },
    { header: 'Side', width: '3.5rem', cell: (f) => sideCell(f.side) },
    { header: 'Price', width: '7rem', align: 'right', cell: (f, fmt) => fmt.price(f.execPrice, f) },
    { header: 'Qty', width: '6.5rem', align: 'right', cell: (f, fmt) => fmt.size(f.execQty, f) },
    { header: 'Value', width: '7rem', align: 'right', cell: (f, fmt) => quoteAmount(f.execValue, f, fmt) },
    { header: 'Fee', width: '8rem', align: 'right', cell: (f, fmt) => fees(f.feeDetail).map((d) => `${fmt.coin(d.fee, d.feeCoin)} ${d.feeCoin}`).join(', ') },
    { header: 'Role', width: '4rem', cell: (f) => f.tradeScope },
    { header: 'PnL', width: '6rem', align: 'right', cell: (f, fmt) => (f.execPnl ? signedCell(f.execPnl, fmt.coinScale(fmt.meta(f)?.quoteCoin ?? '')) : '') },
  ],
  csv: [
    { header: 'createdTime', value: (f) => f.createdTime },
    { header: 'createdTimeUtc', value: (f) => iso(f.createdTime) },
    { header: 'execId', value: (f) => f.execId },
    { header: 'tradeId', value: (f) => f.tradeId ?? '' },
    { header: 'orderId', value: (f) => f.orderId },
    { header: 'clientOid', value: (f) => f.clientOid },
    { header: 'category', value: (f) => f.category },
    { header: 'symbol', value: (f) => f.symbol },
    { header: 'orderType', value: (f) => f.orderType },
    { header: 'side', value: (f) => f.side },
    { header: 'execPrice', value: (f) => f.execPrice },
    { header: 'execQty', value: (f) => f.execQty },
    { header: 'execValue', value: (f) => f.execValue },
    { header: 'fee', value: (f) => fees(f.feeDetail).map((d) => d.fee).join(';') },
    { header: 'feeCoin', value: (f) => fees(f.feeDetail).map((d) => d.feeCoin).join(';') },
    { header: 'tradeScope', value: (f) => f.tradeScope },
    { header: 'execPnl', value: (f) => f.execPnl },
  ],
};

export const financialRecordsList: ListDefinition<FinancialRecord> = {
  id: 'records',
  title: 'Financial records',
  topic: 'records',
  symbolFilter: 'coin',
  idOf: (r) => r.id,
  timeOf: (r) => Number(r.ts),
  rowLabel: (r) => `Record ${r.id}`,
  fetchPage: (f, cursor, account, signal) =>
    callEndpoint(endpoints.financialRecords, { ...filterParams(f, 'coin'), ...page, ...(cursor ? { cursor } : {}) }, { account: account ?? undefined, signal }),
  columns: [
    { header: 'Time', width: '10.5rem', cell: (r) => formatDateTime(r.ts) },
    { header: 'Record ID', width: '9.5rem', cell: (r) => r.id },
    { header: 'Category', width: '6.5rem', cell: (r) => r.category },
    { header: 'Symbol', width: '6rem', cell: (r) => r.symbol },
    { header: 'Coin', width: '4.5rem', cell: (r) => r.coin },
    { header: 'Type', width: '7rem', cell: (r) => r.type },
    { header: 'Amount', width: '8rem', align: 'right', cell: (r, fmt) => signedCell(r.amount, fmt.coinScale(r.coin)) },
    { header: 'Fee', width: '7rem', align: 'right', cell: (r, fmt) => fmt.coin(r.fee, r.coin) },
    { header: 'Balance', width: '9rem', align: 'right', cell: (r, fmt) => fmt.coin(r.balance, r.coin) },
  ],
  csv: [
    { header: 'ts', value: (r) => r.ts },
    { header: 'tsUtc', value: (r) => iso(r.ts) },
    { header: 'id', value: (r) => r.id },
    { header: 'category', value: (r) => r.category },
    { header: 'symbol', value: (r) => r.symbol },
    { header: 'coin', value: (r) => r.coin },
    { header: 'type', value: (r) => r.type },
    { header: 'amount', value: (r) => r.amount },
    { header: 'fee', value: (r) => r.fee },
    { header: 'balance', value: (r) => r.balance },
  ],
};
