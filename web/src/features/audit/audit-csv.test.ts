import { describe, expect, it } from 'vitest';
import { auditRow } from '@web/lib/api/audit-row.test-support';
import { parseCsv } from '@web/lib/csv-import/parse-csv';
import { auditCsv } from './audit-csv';

describe('auditCsv', () => {
  it('writes a header and one line per loaded row', () => {
    const text = auditCsv([auditRow({ id: 2 }), auditRow({ id: 1 })]);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('id,time,localTime,user,account,endpoint,method,path,channel,state,httpStatus,code,msg,orderIds,clientOids,requestBody');
  });

  it('keeps the request body and the message intact through quoting', () => {
    const row = auditRow({ msg: 'Insufficient balance, "USDT"', requestBody: '{"symbol":"BTCUSDT","price":"65000.10"}', orderIds: ['1', '2'], clientOids: ['a', 'b'] });
    const parsed = parseCsv(auditCsv([row]));
    if (!parsed.ok) throw new Error(`not CSV: line ${parsed.line}: ${parsed.reason}`);
    const [header, line] = parsed.records.map((r) => r.fields);
    const at = (name: string) => line?.[header?.indexOf(name) ?? -1];
    expect(at('msg')).toBe('Insufficient balance, "USDT"');
    expect(at('requestBody')).toBe('{"symbol":"BTCUSDT","price":"65000.10"}');
    expect(at('orderIds')).toBe('1 2');
    expect(at('clientOids')).toBe('a b');
    expect(at('time')).toBe('1700000000000');
    expect(at('state')).toBe('complete');
  });

  it('says which rows were sent with no result recorded', () => {
    const parsed = parseCsv(auditCsv([auditRow({ state: 'sent', httpStatus: 0, code: '', msg: '' })]));
    if (!parsed.ok) throw new Error(`not CSV: line ${parsed.line}: ${parsed.reason}`);
    const [header, line] = parsed.records.map((r) => r.fields);
    expect(line?.[header?.indexOf('state') ?? -1]).toBe('sent');
  });
});
