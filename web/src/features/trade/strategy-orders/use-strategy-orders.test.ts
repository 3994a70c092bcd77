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

describe('strategyTpslFields: limit legs', () => {
  it('sends a leg with a limit price as a limit order at that price, the other at market', () => {
    expect(strategyTpslFields({ takeProfit: '70000', stopLoss: '60000', triggerBy: 'market', tpLimitPrice: '69990.5', slLimitPrice: '' }, perp)).toEqual({
      ok: true,
      fields: { takeProfit: '70000.0', tpTriggerBy: 'market', tpOrderType: 'limit', tpLimitPrice: '69990.5', stopLoss: '60000.0', slTriggerBy: 'market', slOrderType: 'market' },
    });
  });

  it('refuses a limit price off the tick or without its trigger, naming the limit field, and sends nothing', () => {
    expect(strategyTpslFields({ takeProfit: '70000', stopLoss: '', triggerBy: 'market', tpLimitPrice: '69990.2' }, perp)).toEqual({ ok: false, errors: { tpLimitPrice: 'TP limit price must be a multiple of 0.5' } });
    expect(strategyTpslFields({ takeProfit: '', stopLoss: '', triggerBy: 'market', slLimitPrice: '59000' }, perp)).toEqual({ ok: false, errors: { slLimitPrice: 'SL limit price needs a stop loss trigger price' } });
  });
});

describe('strategyCategoryFor', () => {
  it('keeps the futures category on screen and shows USDT-futures for spot and margin', () => {
    expect(strategyCategoryFor({ category: 'usdt-futures' })).toBe('usdt-futures');
    expect(strategyCategoryFor({ category: 'spot' })).toBe('usdt-futures');
    expect(strategyCategoryFor({ category: 'margin' })).toBe('usdt-futures');
  });
});
