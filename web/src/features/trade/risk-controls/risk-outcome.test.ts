import { describe, expect, it } from 'vitest';
import { instrumentMeta, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { btcPerp } from '@web/lib/instruments/instrument-fixtures.test-support';
import { outcomeItems, riskQuestion } from './use-risk-controls';

const perp = instrumentMeta(btcPerp) as InstrumentMeta;

describe('risk control outcomes', () => {
  it('reports each order: done, or the exchange’s message with its code', () => {
    expect(
      outcomeItems(
        [
          { orderId: '1', clientOid: 'a' },
          { orderId: '2', clientOid: 'b', code: '25204', msg: 'order does not exist' },
          { orderId: '3', clientOid: '', code: '00000' },
        ],
        'canceled',
      ),
    ).toEqual([
      { orderId: '1', clientOid: 'a', ok: true, text: 'canceled' },
      { orderId: '2', clientOid: 'b', ok: false, text: 'failed: order does not exist (25204)' },
      { orderId: '3', clientOid: '', ok: true, text: 'canceled' },
    ]);
  });

  it('asks a question that names what will happen', () => {
    expect(riskQuestion({ kind: 'cancel-symbol' }, perp)).toBe('Cancel every open order of BTCUSDT (usdt-futures)?');
    expect(riskQuestion({ kind: 'close-positions' }, perp)).toMatch(/^Close every usdt-futures position at market/);
    expect(riskQuestion({ kind: 'arm', seconds: 10 }, perp)).toMatch(/for 10 s .* cancels every open order of the account/);
  });
});
