import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCsv, csvField, type CsvColumn } from './csv-build';

/** A minimal RFC 4180 reader, to check that what we write reads back as the same fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

describe('csvField', () => {
  it('leaves plain text and decimals as they are', () => {
    expect(csvField('BTCUSDT')).toBe('BTCUSDT');
    expect(csvField('0.10000000')).toBe('0.10000000');
  });

  it('quotes a field with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a negative decimal exact but defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField('@cmd')).toBe("'@cmd");
  });
});

describe('buildCsv', () => {
  interface Fill {
    id: string;
    price: string;
    note: string;
  }
  const columns: CsvColumn<Fill>[] = [
    { header: 'execId', value: (f) => f.id },
    { header: 'execPrice', value: (f) => f.price },
    { header: 'note', value: (f) => f.note },
  ];

  it('writes a header line and one CRLF-terminated line per row', () => {
    const text = buildCsv(columns, [
      { id: '2', price: '65000.10', note: 'maker' },
      { id: '1', price: '0.00000001', note: 'a, b' },
    ]);
    expect(text).toBe('execId,execPrice,note\r\n2,65000.10,maker\r\n1,0.00000001,"a, b"\r\n');
  });

  it('writes decimals beyond float precision digit for digit', () => {
    const text = buildCsv(columns, [{ id: '1', price: '90071992547409931.000000001', note: '' }]);
    expect(text).toContain('90071992547409931.000000001');
    // The float route would have changed it.
    expect(String(Number('90071992547409931.000000001'))).not.toBe('90071992547409931.000000001');
  });

  it('writes only the header for no rows', () => {
    expect(buildCsv(columns, [])).toBe('execId,execPrice,note\r\n');
  });

  it('reads back as the same fields for any text and any decimal', () => {
    const decimal = fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 12 })).map(([neg, digits, scale]) => {
      const s = digits.toString().padStart(scale + 1, '0');
      const text = scale ? `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}` : s;
      return neg ? `-${text}` : text;
    });
    // Text that starts like a formula is covered above; here any other text, with quotes, commas and line breaks.
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ',', '"', '\r', '\n', ' ', 'é', '=', '-') }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.record({ id: text, price: decimal, note: text }), { maxLength: 20 }), (rows) => {
        const parsed = parseCsv(buildCsv(columns, rows));
        expect(parsed).toHaveLength(rows.length + 1);
        rows.forEach((r, i) => {
          const back = parsed[i + 1]!;
          expect(back[1]).toBe(r.price);
          expect(back[0]).toBe(r.id);
          expect(back[2]).toBe(r.note);
        });
      }),
    );
  });
});
