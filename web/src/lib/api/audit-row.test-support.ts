// An audit row as the proxy serves it, for the tests of its readers.
import type { AuditRow } from './audit-log';

export const auditRow = (over: Partial<AuditRow> = {}): AuditRow => ({
  id: 1,
  time: 1_700_000_000_000,
  user: 'admin',
  account: 'main',
  endpoint: 'placeOrder',
  method: 'POST',
  path: '/api/v3/trade/place-order',
  channel: 'rest',
  requestBody: '{"symbol":"BTCUSDT","qty":"0.001"}',
  httpStatus: 200,
  code: '00000',
  msg: 'success',
  orderIds: ['1001'],
  clientOids: ['desk-abc'],
  ...over,
});
