// The simulator for the broker job test (e2e/broker-job.spec.ts), run as its own process so
// the test can SIGKILL the proxy while the exchange side keeps its state. It is the
// simulator of `npm run sim` plus one loopback read of its own state: how many auto-transfer
// settings each sub-account received (simulator/src/products/broker-subaccounts.ts).
import { dialectFrom } from '../../simulator/src/core/dialect';
import { installedExtensions } from '../../simulator/src/installed-extensions';
import { productsOf } from '../../simulator/src/products/products-state';
import { createSimulator } from '../../simulator/src/server';

async function main(): Promise<void> {
  const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
  const sim = createSimulator({ env: process.env, dialect: dialectFrom(process.env), seed: 42, flowRate: 0, extensions: installedExtensions });
  sim.app.get('/__test/broker-received', async () => productsOf(sim).brokerSubs.receivedCounts());
  const bound = await sim.listen(port);
  console.log(`simulator listening on http://127.0.0.1:${bound}`);
}

void main();
