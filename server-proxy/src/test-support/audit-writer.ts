// Child process for the kill -9 test: records audit rows and begins one more (a call in
// flight), reports each, then idles.
import { AuditStore } from '../audit/audit-store';
import { openSqliteStore } from '../core/storage/open-storage';

const file = process.argv[2];
if (!file) throw new Error('usage: audit-writer <db file>');
const store = new AuditStore(await openSqliteStore(file, 'audit'));
/** What an order placement's row knows before it is sent. */
const intent = (clientOid: string) => ({
  time: Date.now(),
  user: 'killed',
  account: 'main',
  endpoint: 'placeOrder',
  method: 'POST' as const,
  path: '/api/v3/trade/place-order',
  channel: 'rest' as const,
  requestBody: JSON.stringify({ clientOid }),
  orderIds: [],
  clientOids: [clientOid],
});
for (let i = 0; i < 3; i++) {
  const id = await store.record({ ...intent(`k-${i}`), httpStatus: 200, code: '00000', msg: 'success', orderIds: [`${i}`] });
  process.stdout.write(`written ${id}\n`);
}
// A call in flight when the process dies: written ahead, never completed.
const inFlight = await store.begin(intent('k-3'));
process.stdout.write(`sent ${inFlight}\n`);
setInterval(() => {}, 1000);
