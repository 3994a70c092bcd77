import { describe, expect, it } from 'vitest';
import { readCsvTable } from '@web/lib/csv-import/read-csv-table';
import { autoTransferColumns, validateAutoTransferRows } from './autotransfer-rows';

function preview(text: string) {
  const table = readCsvTable(text, autoTransferColumns);
  if (!table.ok) throw new Error(table.reason);
  return validateAutoTransferRows(table.rows);
}

describe('validateAutoTransferRows', () => {
  it('accepts rows the contract accepts, with the request to send', () => {
    const rows = preview('subUid,coin,toAccountType\r\n3000002,USDT,usdt-futures\r\n3000003,BTC,spot\r\n');
    expect(rows).toEqual([
      { line: 2, values: { subUid: '3000002', coin: 'USDT', toAccountType: 'usdt-futures' }, ok: true, request: { subUid: '3000002', coin: 'USDT', toAccountType: 'usdt-futures' } },
      { line: 3, values: { subUid: '3000003', coin: 'BTC', toAccountType: 'spot' }, ok: true, request: { subUid: '3000003', coin: 'BTC', toAccountType: 'spot' } },
    ]);
  });

  it('flags a destination outside spec 4.2 with the field and the allowed values', () => {
    const [row] = preview('subUid,coin,toAccountType\n3000002,USDT,margin');
    expect(row).toMatchObject({ ok: false, line: 2, field: 'toAccountType', reason: expect.stringContaining('usdt-futures') });
  });

  it('flags a non-numeric sub-account UID', () => {
    expect(preview('subUid,coin,toAccountType\nabc,USDT,spot')[0]).toMatchObject({ ok: false, field: 'subUid', reason: 'must be a numeric UID' });
  });

  it('flags a lower-case coin and an empty one', () => {
    const rows = preview('subUid,coin,toAccountType\n3000002,usdt,spot\n3000002,,spot');
    expect(rows.map((r) => (r.ok ? 'ok' : r.field))).toEqual(['coin', 'coin']);
  });

  it('flags a row with a missing field by the shape of the row', () => {
    expect(preview('subUid,coin,toAccountType\n3000002,USDT')[0]).toMatchObject({ ok: false, field: 'toAccountType', reason: expect.stringContaining('2 fields') });
  });

  it('flags a second line for the same sub-account and coin, naming the first line', () => {
    const rows = preview('subUid,coin,toAccountType\n3000002,USDT,spot\n3000002,BTC,spot\n3000002,USDT,usdt-futures');
    expect(rows.map((r) => r.ok)).toEqual([true, true, false]);
    expect(rows[2]).toMatchObject({ field: 'coin', reason: expect.stringContaining('line 2') });
  });

  it('does not count an invalid row as the first of its pair', () => {
    const rows = preview('subUid,coin,toAccountType\n3000002,USDT,bogus\n3000002,USDT,spot');
    expect(rows.map((r) => r.ok)).toEqual([false, true]);
  });
});
