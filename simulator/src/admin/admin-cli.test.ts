import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../server';
import installLimits from '../limits/extension';
import installProducts from '../products/extension';
import installAdmin from './extension';
import { requestFor } from './cli';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('admin CLI', () => {
  it('turns "deposit --uid --coin --amount" into the deposit request, and a real deposit arrives', async () => {
    sim = createSimulator({ extensions: [installLimits, installProducts, installAdmin] });
    const port = await sim.listen(0);
    const { url, request } = requestFor(['deposit', '--uid', '1000002', '--coin', 'BTC', '--amount', '0.25', '--url', `http://127.0.0.1:${port}`]);
    expect(request).toEqual({ method: 'POST', path: '/__sim/deposit', body: { uid: '1000002', coin: 'BTC', amount: '0.25' } });
    const before = sim.accounts.coin(1000002, 'BTC').balance;
    const res = await fetch(url + request.path, { method: 'POST', body: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(sim.accounts.coin(1000002, 'BTC').balance - before).toBe(25n * 10n ** 16n);
  });

  it('names a missing option and rejects an unknown command', () => {
    expect(() => requestFor(['deposit', '--uid', '1'])).toThrow(/--coin is required/);
    expect(() => requestFor(['withdraw'])).toThrow(/usage/);
    expect(requestFor(['request-log', '--uid', '7']).request.path).toBe('/__sim/request-log?uid=7');
  });
});
