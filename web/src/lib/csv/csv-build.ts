// CSV text for exports (RFC 4180: comma separated, CRLF line ends, fields with a comma,
// quote or line break wrapped in quotes with quotes doubled). Values are the exchange's
// own strings: a price "0.10000000" is written as those characters, never through a
// float, so a reconciliation against the exchange matches digit for digit.
import { isDecimalString } from '@contract/core/decimal';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string;
}

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it must be; text that a spreadsheet would run as a formula is defused with a leading quote. */
export function csvField(value: string): string {
  // A plain decimal ("-12.5") is data, not a formula: it stays exactly as sent.
  const text = FORMULA_START.test(value) && !isDecimalString(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(',');
}

/** The header line and one line per row, each ending in CRLF. */
export function buildCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const lines = [csvLine(columns.map((c) => c.header))];
  for (const row of rows) lines.push(csvLine(columns.map((c) => c.value(row))));
  return `${lines.join('\r\n')}\r\n`;
}
