import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv';

const fieldsOf = (text: string) => {
  const r = parseCsv(text);
  if (!r.ok) throw new Error(`unexpected failure at line ${r.line}: ${r.reason}`);
  return r.records.map((x) => x.fields);
};

describe('parseCsv', () => {
  it('splits plain records on commas and line ends', () => {
    expect(fieldsOf('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('reads CRLF, LF and lone CR line ends alike', () => {
    expect(fieldsOf('a,b\r\n1,2\r\n3,4\n5,6\r7,8')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
      ['7', '8'],
    ]);
  });

  it('drops a leading byte-order mark so the first header name is clean', () => {
    expect(fieldsOf('\uFEFFsubUid,coin\r\n1,USDT\r\n')[0]).toEqual(['subUid', 'coin']);
  });

  it('skips blank lines, including at the end, and keeps the line numbers of the text', () => {
    const r = parseCsv('h1,h2\n\n1,2\r\n\r\n\n3,4\n\n');
    expect(r).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['h1', 'h2'] },
        { line: 3, fields: ['1', '2'] },
        { line: 6, fields: ['3', '4'] },
      ],
    });
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(fieldsOf('"a,b","say ""hi""","two\r\nlines"\nnext,"",x')).toEqual([
      ['a,b', 'say "hi"', 'two\r\nlines'],
      ['next', '', 'x'],
    ]);
  });

  it('counts lines inside quoted fields so later records report the right line', () => {
    const r = parseCsv('"one\ntwo",x\nlast,y');
    expect(r.ok && r.records.map((x) => x.line)).toEqual([1, 3]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(fieldsOf('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });

  it('keeps a quote in the middle of an unquoted field as text', () => {
    expect(fieldsOf('ab"c,d')).toEqual([['ab"c', 'd']]);
  });

  it('reports an unclosed quote with the line where it opened', () => {
    expect(parseCsv('a,b\n1,"open\nstill open')).toEqual({ ok: false, line: 2, reason: expect.stringContaining('never closed') });
  });

  it('reports text after a closing quote', () => {
    expect(parseCsv('"a"b,c')).toMatchObject({ ok: false, line: 1 });
  });

  it('gives no records for empty text or only blank lines', () => {
    expect(fieldsOf('')).toEqual([]);
    expect(fieldsOf('\uFEFF\r\n\n')).toEqual([]);
  });
});
