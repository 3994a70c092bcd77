// A CSV whose first record is a header naming the expected columns (in any order), read
// into one object per data row. Header problems refuse the whole text; a row with the
// wrong number of fields is kept and flagged, so the preview can show it beside the rest.
import { parseCsv } from './parse-csv';

export interface CsvTableRow<C extends string> {
  /** 1-based line of the row in the pasted text or file. */
  line: number;
  /** The row's values by column, trimmed of surrounding spaces. */
  values: Record<C, string>;
  /** Set when the row's shape is wrong (too few or too many fields). */
  problem?: { field: string; reason: string };
}

export type CsvTable<C extends string> = { ok: true; rows: CsvTableRow<C>[] } | { ok: false; line: number; reason: string };

export function readCsvTable<const C extends string>(text: string, columns: readonly C[]): CsvTable<C> {
  const parsed = parseCsv(text);
  if (!parsed.ok) return parsed;
  const [header, ...data] = parsed.records;
  if (!header) return { ok: false, line: 1, reason: `the text is empty; the first line must be the header ${columns.join(',')}` };
  const names = header.fields.map((f) => f.trim());
  for (const name of names) {
    if (!(columns as readonly string[]).includes(name)) {
      return { ok: false, line: header.line, reason: `unknown column "${name}" in the header; expected ${columns.join(',')}` };
    }
  }
  const index = new Map<string, number>();
  for (const [i, name] of names.entries()) {
    if (index.has(name)) return { ok: false, line: header.line, reason: `column "${name}" appears twice in the header` };
    index.set(name, i);
  }
  const missing = columns.filter((c) => !index.has(c));
  if (missing.length > 0) return { ok: false, line: header.line, reason: `the header lacks ${missing.join(', ')}; expected ${columns.join(',')}` };

  const rows = data.map((record): CsvTableRow<C> => {
    const values = Object.fromEntries(columns.map((c) => [c, (record.fields[index.get(c) ?? -1] ?? '').trim()])) as Record<C, string>;
    if (record.fields.length !== names.length) {
      const field = record.fields.length < names.length ? (names[record.fields.length] ?? '(row)') : '(row)';
      const reason = `has ${record.fields.length} field${record.fields.length === 1 ? '' : 's'}, the header has ${names.length}`;
      return { line: record.line, values, problem: { field, reason } };
    }
    return { line: record.line, values };
  });
  return { ok: true, rows };
}
