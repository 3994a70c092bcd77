// The desk's archive (GET /archive/... on the proxy): history the exchange no longer
// serves, kept by the proxy. Not part of the exchange interface; shared by the proxy,
// which fills and serves it, and the web app, which shows it. The columns of each feed
// are written here once: the screens and every CSV (in the browser or streamed by the
// proxy) show the same columns, times as ISO 8601 UTC with the epoch milliseconds beside.
import { z } from 'zod';
import { msString } from './common';
import { rowCountText } from './pagination';

export const archiveFeeds = ['revisions', 'loanOrders', 'fills', 'orders', 'records'] as const;
export type ArchiveFeed = (typeof archiveFeeds)[number];

export const ARCHIVE_MAX_LIMIT = 5000;

/** The account and range of a read (the archive's query, and an export job of it). */
export const archiveRangeFields = {
  account: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'must be an account name such as main').optional(),
  from: msString.optional(),
  to: msString.optional(),
  /** The loan order of a revision or a fill, the symbol of an order, the coin of a record. */
  ref: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, 'must be an ID of digits and letters').optional(),
};

/** Refuses a range that ends before it starts, naming "to". */
export function rangeInOrder(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (q.from !== undefined && q.to !== undefined && Number(q.to) < Number(q.from)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'the range ends before it starts: "to" must not be before "from"' });
  }
}

export const archiveQuerySchema = z
  .strictObject({
    ...archiveRangeFields,
    limit: rowCountText(ARCHIVE_MAX_LIMIT, 5).optional(),
    /** Paging: the `next` of the previous answer. */
    after: z.string().regex(/^\d{1,16}:[0-9A-Za-z:_-]{1,130}$/, 'must be the next value of a previous answer').optional(),
  })
  .superRefine(rangeInOrder);
export type ArchiveQuery = z.input<typeof archiveQuerySchema>;

export const archiveSpanSchema = z.object({ from: z.number(), to: z.number() });
export type ArchiveSpan = z.infer<typeof archiveSpanSchema>;
export const archiveGapSchema = z.object({
  from: z.number(),
  to: z.number(),
  state: z.enum(['open', 'lost', 'filled']),
  reason: z.string(),
  attempts: z.number(),
});
export type ArchiveGap = z.infer<typeof archiveGapSchema>;

export const archiveMetaSchema = z.object({
  feed: z.enum(archiveFeeds),
  account: z.string(),
  /** Time spans the archive knows it holds completely, oldest first. */
  complete: z.array(archiveSpanSchema),
  gaps: z.array(archiveGapSchema),
  /** The oldest time the exchange still serves for this feed (null: it keeps all of it). */
  apiWindowFrom: z.number().nullable(),
  /** Rows of this answer older than apiWindowFrom: the exchange no longer has them. */
  archiveOnly: z.number(),
  /** Rows matching the query in the archive (all pages). */
  total: z.number(),
  next: z.string().nullable(),
  /** Said when the range asked reaches outside what the archive holds. */
  notice: z.string().nullable(),
});
export type ArchiveMeta = z.infer<typeof archiveMetaSchema>;

export const archivePageSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())), meta: archiveMetaSchema });
export type ArchivePage = z.infer<typeof archivePageSchema>;

export const archiveFeedStatusSchema = z.object({
  feed: z.enum(archiveFeeds),
  count: z.number(),
  complete: z.array(archiveSpanSchema),
  gaps: z.array(archiveGapSchema),
});
export const archiveStatusSchema = z.object({
  account: z.string(),
  exchangeNow: z.number(),
  running: z.boolean(),
  lastRunEnded: z.number().nullable(),
  feeds: z.array(archiveFeedStatusSchema),
});
export type ArchiveStatus = z.infer<typeof archiveStatusSchema>;

/** What POST /archive/sync answers per account and feed: records added, or why it stopped, or why this proxy left it alone. */
export const archiveSyncReportSchema = z.object({
  feed: z.enum(archiveFeeds),
  account: z.string(),
  added: z.number(),
  ok: z.boolean(),
  error: z.string().optional(),
  /** Set when another proxy on the desk's database holds the feed, or synced it moments ago. */
  skipped: z.string().optional(),
});
export type ArchiveSyncReport = z.infer<typeof archiveSyncReportSchema>;

/** One column of a feed's table and CSV: the header names its unit. */
export interface ArchiveColumn {
  header: string;
  value(row: Record<string, unknown>): string;
}

const text = (key: string) => (row: Record<string, unknown>) => {
  const v = row[key];
  return v === undefined || v === null ? '' : String(v);
};
const isoOf = (key: string) => (row: Record<string, unknown>) => {
  const ms = Number(row[key]);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
};
const timeColumns = (key: string): ArchiveColumn[] => [
  { header: 'time (UTC ISO 8601)', value: isoOf(key) },
  { header: 'time (ms since epoch)', value: text(key) },
];

export const archiveColumns: Record<ArchiveFeed, readonly ArchiveColumn[]> = {
  revisions: [
    ...timeColumns('reviseTime'),
    { header: 'loan order', value: text('orderId') },
    { header: 'side', value: text('reviseSide') },
    { header: 'amount (pledge coin)', value: text('reviseAmount') },
    { header: 'pledge coin', value: text('pledgeCoin') },
    { header: 'loan coin', value: text('loanCoin') },
    { header: 'pledge rate before (%)', value: text('beforePledgeRate') },
    { header: 'pledge rate after (%)', value: text('afterPledgeRate') },
  ],
  loanOrders: [
    ...timeColumns('borrowTime'),
    { header: 'loan order', value: text('orderId') },
    { header: 'loan coin', value: text('loanCoin') },
    { header: 'loan amount (loan coin)', value: text('initLoanAmount') },
    { header: 'pledge coin', value: text('pledgeCoin') },
    { header: 'pledge amount (pledge coin)', value: text('initPledgeAmount') },
    { header: 'hourly rate (fraction)', value: text('hourRate') },
    { header: 'term', value: text('daily') },
    { header: 'status', value: text('status') },
  ],
  fills: [
    ...timeColumns('createdTime'),
    { header: 'fill ID', value: text('execId') },
    { header: 'order ID', value: text('orderId') },
    { header: 'symbol', value: text('symbol') },
    { header: 'side', value: text('side') },
    { header: 'price (quote coin)', value: text('execPrice') },
    { header: 'quantity (base coin)', value: text('execQty') },
    { header: 'value (quote coin)', value: text('execValue') },
    { header: 'maker/taker', value: text('tradeScope') },
  ],
  orders: [
    ...timeColumns('createdTime'),
    { header: 'order ID', value: text('orderId') },
    { header: 'symbol', value: text('symbol') },
    { header: 'side', value: text('side') },
    { header: 'type', value: text('orderType') },
    { header: 'price (quote coin)', value: text('price') },
    { header: 'quantity (base coin)', value: text('qty') },
    { header: 'filled (base coin)', value: text('cumExecQty') },
    { header: 'average price (quote coin)', value: text('avgPrice') },
    { header: 'state', value: text('state') },
  ],
  records: [
    ...timeColumns('ts'),
    { header: 'record ID', value: text('id') },
    { header: 'category', value: text('category') },
    { header: 'type', value: text('type') },
    { header: 'coin', value: text('coin') },
    { header: 'amount (coin)', value: text('amount') },
    { header: 'fee (coin)', value: text('fee') },
    { header: 'balance (coin)', value: text('balance') },
  ],
};

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line of a feed's columns, CRLF-terminated. */
export function archiveCsvLine(feed: ArchiveFeed, row: Record<string, unknown>): string {
  return archiveColumns[feed].map((c) => csvField(c.value(row))).join(',') + '\r\n';
}

export function archiveCsvHeader(feed: ArchiveFeed): string {
  return archiveColumns[feed].map((c) => csvField(c.header)).join(',') + '\r\n';
}
