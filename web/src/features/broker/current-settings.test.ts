import { describe, expect, it } from 'vitest';
import type { AuditRow } from '@web/lib/api/audit-log';
import { currentSettings } from './current-settings';

let nextId = 1;
function row(over: Partial<AuditRow> & { body?: object | string }): AuditRow {
  const { body, ...rest } = over;
  return {
    id: nextId++,
    time: 1_700_000_000_000,
    user: 'bea',
    account: 'broker',
    endpoint: 'setSubaccountAutotransfer',
    method: 'POST',
    path: '/api/v2/broker/account/set-subaccount-autotransfer',
    channel: 'rest',
    orderIds: [],
    clientOids: [],
    requestBody: typeof body === 'string' ? body : JSON.stringify(body ?? { subUid: '3000002', coin: 'USDT', toAccountType: 'spot' }),
    httpStatus: 200,
    code: '00000',
    msg: 'success',
    ...rest,
  };
}

describe('currentSettings', () => {
  it('keeps the latest accepted setting per sub-account and coin, with who set it and when', () => {
    const rows = [
      row({ time: 3000, user: 'carl', body: { subUid: '3000002', coin: 'USDT', toAccountType: 'usdt-futures' } }),
      row({ time: 1000, user: 'bea', body: { subUid: '3000002', coin: 'USDT', toAccountType: 'spot' } }),
      row({ time: 2000, user: 'bea', body: { subUid: '3000002', coin: 'BTC', toAccountType: 'coin-futures' } }),
    ];
    expect(currentSettings(rows, 'broker')).toEqual([
      { subUid: '3000002', coin: 'BTC', toAccountType: 'coin-futures', setBy: 'bea', setAt: 2000, auditId: rows[2]?.id, laterRefusals: 0 },
      { subUid: '3000002', coin: 'USDT', toAccountType: 'usdt-futures', setBy: 'carl', setAt: 3000, auditId: rows[0]?.id, laterRefusals: 0 },
    ]);
  });

  it('breaks a tie of the same millisecond by the audit id (the later write wins)', () => {
    const first = row({ time: 5, body: { subUid: '3000003', coin: 'ETH', toAccountType: 'spot' } });
    const second = row({ time: 5, body: { subUid: '3000003', coin: 'ETH', toAccountType: 'usdc-futures' } });
    expect(currentSettings([second, first], 'broker')[0]?.toAccountType).toBe('usdc-futures');
  });

  it('ignores refused calls, but counts those made after the standing setting', () => {
    const rows = [
      row({ time: 1, code: '40310', httpStatus: 400, body: { subUid: '3000009', coin: 'USDT', toAccountType: 'spot' } }),
      row({ time: 2, body: { subUid: '3000002', coin: 'USDT', toAccountType: 'spot' } }),
      row({ time: 3, code: '429', httpStatus: 429, body: { subUid: '3000002', coin: 'USDT', toAccountType: 'usdt-futures' } }),
    ];
    expect(currentSettings(rows, 'broker')).toEqual([expect.objectContaining({ subUid: '3000002', toAccountType: 'spot', laterRefusals: 1 })]);
  });

  it('ignores other accounts, other endpoints and bodies that are not a valid request', () => {
    const rows = [
      row({ account: 'main' }),
      row({ endpoint: 'placeOrder' }),
      row({ body: 'not json' }),
      row({ body: { subUid: '3000002', coin: 'USDT', toAccountType: 'margin' } }),
    ];
    expect(currentSettings(rows, 'broker')).toEqual([]);
  });

  it('orders sub-accounts numerically, then coins', () => {
    const rows = [
      row({ body: { subUid: '10', coin: 'USDT', toAccountType: 'spot' } }),
      row({ body: { subUid: '9', coin: 'USDT', toAccountType: 'spot' } }),
      row({ body: { subUid: '9', coin: 'BTC', toAccountType: 'spot' } }),
    ];
    expect(currentSettings(rows, 'broker').map((s) => `${s.subUid}/${s.coin}`)).toEqual(['9/BTC', '9/USDT', '10/USDT']);
  });
});
