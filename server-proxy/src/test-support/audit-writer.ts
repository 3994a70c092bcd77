// Child process for the kill -9 test: records audit rows and begins one more (a call in
// flight), reports each, then idles.
import { AuditStore } from '../audit/audit-store';
import { openDatabase } from '../open-database';

const file = process.argv[2];
if (!file) throw new Error('usage: audit-writer <db file>');
const store = new AuditStore(openDatabase(file));
for (let i = 0; i < 3; i++) {
  const id = store.record({
    time: Date.now(),
    user: 'killed',
    account: 'main',
    endpoint: 'placeOrder',
    method: 'POST',
    path: '/api/v3/trade/place-order',
    channel: 'rest',
    requestBody: JSON.stringify({ clientOid: `k-${i}` }),
    httpStatus: 200,
    code: '00000',
    msg: 'success',
    orderIds: [`${i}`],
    clientOids: [`k-${i}`],
  });
  process.stdout.write(`written ${id}\n`);
}
// A call in flight when the process dies: written ahead, never completed.
const inFlight = store.begin({
  time: Date.now(),
  user: 'killed',
  account: 'main',
  endpoint: 'placeOrder',
  method: 'POST',
  path: '/api/v3/trade/place-order',
  channel: 'rest',
  requestBody: JSON.stringify({ clientOid: 'k-3' }),
  orderIds: [],
  clientOids: ['k-3'],
});
process.stdout.write(`sent ${inFlight}\n`);
setInterval(() => {}, 1000);
