import { describe, expect, it } from 'vitest';
import { readCsvTable } from '@web/lib/csv-import/read-csv-table';
import fc from 'fast-check';
import { autoTransferColumns, fileProblem, tooManyRows, validateAutoTransferRows, type KnownDirectory } from './autotransfer-rows';

function preview(text: string, known?: KnownDirectory) {
  const table = readCsvTable(text, autoTransferColumns);
  if (!table.ok) throw new Error(table.reason);
  return validateAutoTransferRows(table.rows, known);
}

const known: KnownDirectory = {
  subs: new Map([
    ['3000002', 'normal'],
    ['3100007', 'freeze'],
    ['3100050', 'del'],
  ]),
  coins: new Set(['USDT', 'BTC']),
};

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

  it('takes a lower-case coin as its upper-case name, and flags an empty one', () => {
    const rows = preview('subUid,coin,toAccountType\n3000002,usdt,spot\n3000003,,spot');
    expect(rows.map((r) => (r.ok ? 'ok' : r.field))).toEqual(['ok', 'coin']);
    expect(rows[0]).toMatchObject({ request: { coin: 'USDT' } });
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

  it("flags an unknown UID, a frozen or deleted sub-account and an unknown coin against the broker's directory; a lower-case coin is valid", () => {
    const rows = preview('subUid,coin,toAccountType\n9999999,USDT,spot\n3100007,USDT,spot\n3000002,NOPE,spot\n3000002,usdt,spot\n3100050,BTC,spot', known);
    expect(rows.map((r) => (r.ok ? 'ok' : `${r.field}: ${r.reason}`))).toEqual([
      "subUid: 9999999 is not one of this broker's sub-accounts (another broker's, or none)",
      'subUid: sub-account 3100007 is frozen; the exchange refuses it',
      'coin: NOPE is not a coin the exchange lists',
      'ok',
      'subUid: sub-account 3100050 was deleted',
    ]);
  });

  it('flags duplicates the same whatever the case of the coin', () => {
    fc.assert(
      fc.property(fc.constantFrom('usdt', 'USDT', 'Usdt', 'uSdT'), fc.constantFrom('usdt', 'USDT', 'UsDt'), (a, b) => {
        const rows = preview(`subUid,coin,toAccountType\n3000002,${a},spot\n3000002,${b},spot`, known);
        expect(rows.map((r) => r.ok)).toEqual([true, false]);
      }),
    );
  });

  it('refuses a 20 MB file and more rows than one job takes, saying how to fix it', () => {
    expect(fileProblem({ name: 'big.csv', size: 20 * 1024 * 1024 })).toContain('20.0 MB');
    expect(fileProblem({ name: 'ok.csv', size: 60_000 })).toBeUndefined();
    expect(tooManyRows(1501)).toContain('at most 1500');
    expect(tooManyRows(1000)).toBeUndefined();
  });
});
