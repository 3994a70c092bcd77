import { describe, expect, it } from 'vitest';
import { readCsvTable } from './read-csv-table';

const columns = ['subUid', 'coin', 'toAccountType'] as const;

describe('readCsvTable', () => {
  it('maps rows to the header’s columns in any order, trimming spaces', () => {
    const t = readCsvTable('coin, subUid ,toAccountType\r\n USDT ,3000002,spot\r\n', columns);
    expect(t).toEqual({ ok: true, rows: [{ line: 2, values: { subUid: '3000002', coin: 'USDT', toAccountType: 'spot' } }] });
  });

  it('refuses a header with an unknown column, naming it', () => {
    expect(readCsvTable('subUid,coin,account\n1,USDT,spot', columns)).toMatchObject({ ok: false, line: 1, reason: expect.stringContaining('"account"') });
  });

  it('refuses a header that lacks a column, naming it', () => {
    expect(readCsvTable('subUid,coin\n1,USDT', columns)).toMatchObject({ ok: false, reason: expect.stringContaining('lacks toAccountType') });
  });

  it('refuses a header with a column twice', () => {
    expect(readCsvTable('subUid,coin,coin,toAccountType\n', columns)).toMatchObject({ ok: false, reason: expect.stringContaining('twice') });
  });

  it('refuses empty text with the expected header in the reason', () => {
    expect(readCsvTable('\n\n', columns)).toMatchObject({ ok: false, reason: expect.stringContaining('subUid,coin,toAccountType') });
  });

  it('flags a short row with the first missing column, and a long row, but keeps both', () => {
    const t = readCsvTable('subUid,coin,toAccountType\n3000002,USDT\n3000003,BTC,spot,extra\n3000004,ETH,spot', columns);
    if (!t.ok) throw new Error(t.reason);
    expect(t.rows.map((r) => r.problem?.field)).toEqual(['toAccountType', '(row)', undefined]);
    expect(t.rows[0]?.values.toAccountType).toBe('');
  });
});
