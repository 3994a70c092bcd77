// CSV text pasted or read from a file, split into records (RFC 4180 with the tolerance
// spreadsheets need): a leading BOM is dropped, lines end in CRLF, LF or CR, quoted
// fields may hold commas, quotes (doubled) and line breaks, and blank lines are skipped.
// Each record keeps the line it starts on, so a problem is reported where the user sees it.

export interface CsvRecord {
  /** 1-based line number in the text where the record starts. */
  line: number;
  fields: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; reason: string };

export function parseCsv(text: string): CsvParse {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  // Whether the current record has any content yet: a line with nothing on it is blank, not a record of one empty field.
  let touched = false;
  let i = 0;

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (touched) records.push({ line: recordLine, fields });
    fields = [];
    touched = false;
  };

  while (i < src.length) {
    const c = src[i];
    // A quote opens a quoted field only at the field's start; inside (`ab"c`) it is text, as spreadsheets keep it.
    if (c === '"' && field === '') {
      // A quoted field: read up to the closing quote; "" is a literal quote.
      const openedAt = line;
      touched = true;
      i++;
      for (;;) {
        if (i >= src.length) return { ok: false, line: openedAt, reason: 'a quoted field is never closed (missing ")' };
        const q = src[i];
        if (q === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\r' || q === '\n') {
          line++;
          if (q === '\r' && src[i + 1] === '\n') {
            field += '\r\n';
            i += 2;
            continue;
          }
        }
        field += q;
        i++;
      }
      const next = src[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        return { ok: false, line, reason: 'text follows a closing quote; quote the whole field and double any " inside it' };
      }
      continue;
    }
    if (c === ',') {
      touched = true;
      endField();
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    touched = true;
    field += c;
    i++;
  }
  if (touched || fields.length > 0) endRecord();
  return { ok: true, records };
}
