import { describe, expect, it } from 'vitest';
import { btcPerp } from '@web/lib/instruments/instrument-fixtures.test-support';
import { instrumentMeta, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { strategyCategoryFor, strategyTpslFields } from './use-strategy-orders';

const perp = instrumentMeta(btcPerp) as InstrumentMeta;

describe('strategyTpslFields', () => {
  it('sends each price given, on the tick, closing at market on the price chosen', () => {
    expect(strategyTpslFields({ takeProfit: '70000', stopLoss: ' 60000.5 ', triggerBy: 'mark' }, perp)).toEqual({
      ok: true,
      fields: { takeProfit: '70000.0', tpTriggerBy: 'mark', tpOrderType: 'market', stopLoss: '60000.5', slTriggerBy: 'mark', slOrderType: 'market' },
    });
    expect(strategyTpslFields({ takeProfit: '', stopLoss: '60000', triggerBy: 'market' }, perp)).toEqual({ ok: true, fields: { stopLoss: '60000.0', slTriggerBy: 'market', slOrderType: 'market' } });
  });

  it('asks for at least one price, and names the field of a price off the tick', () => {
    expect(strategyTpslFields({ takeProfit: ' ', stopLoss: '', triggerBy: 'market' }, perp)).toEqual({ ok: false, errors: { form: 'Enter a take-profit or a stop-loss price' } });
    expect(strategyTpslFields({ takeProfit: '70000.2', stopLoss: 'abc', triggerBy: 'market' }, perp)).toEqual({
      ok: false,
      errors: { takeProfit: 'Take profit must be a multiple of 0.5', stopLoss: expect.stringContaining('Stop loss must be a number') },
    });
  });
});

describe('strategyCategoryFor', () => {
  it('keeps the futures category on screen and shows USDT-futures for spot and margin', () => {
    expect(strategyCategoryFor({ category: 'usdt-futures' })).toBe('usdt-futures');
    expect(strategyCategoryFor({ category: 'spot' })).toBe('usdt-futures');
    expect(strategyCategoryFor({ category: 'margin' })).toBe('usdt-futures');
  });
});
