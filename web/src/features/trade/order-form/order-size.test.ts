import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled, mulScaled, toScaled } from '@contract/core/decimal';
import { instrumentMeta, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { btcPerp, btcSpot } from '@web/lib/instruments/instrument-fixtures.test-support';
import { aboveMaxError, baseToQuoteAmount, estimateOrder, presetSize, ratePercent, sizeUnitsFor } from './order-size';

const spot = instrumentMeta(btcSpot) as InstrumentMeta;
const perp = instrumentMeta(btcPerp) as InstrumentMeta;

describe('sizeUnitsFor', () => {
  it('offers the quote coin and the base coin only for a spot or margin market buy', () => {
    expect(sizeUnitsFor(spot, 'buy', 'market')).toEqual(['quote', 'base']);
    expect(sizeUnitsFor({ category: 'margin' }, 'buy', 'market')).toEqual(['quote', 'base']);
    expect(sizeUnitsFor(spot, 'sell', 'market')).toEqual(['base']);
    expect(sizeUnitsFor(spot, 'buy', 'limit')).toEqual(['base']);
    expect(sizeUnitsFor(perp, 'buy', 'market')).toEqual(['base']);
  });
});

describe('baseToQuoteAmount', () => {
  it('converts 0.001 BTC at a best ask of 65,432.17 into the amount that buys it, rounded up to the quote precision', () => {
    expect(baseToQuoteAmount('0.001', '65432.17', spot)).toBe('65.43217');
    expect(baseToQuoteAmount('0.0003', '65432.17', { ...spot, quoteScale: 2 })).toBe('19.63');
  });

  it('has no answer without a book', () => {
    expect(baseToQuoteAmount('0.001', undefined, spot)).toBeUndefined();
  });

  it('never spends less than qty x ask, and at most one quote step more (exact, any inputs)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1n, max: 10n ** 10n }), fc.integer({ min: 0, max: 8 }), (qtyUnits, askUnits, qs) => {
        const meta = { ...spot, quoteScale: qs };
        const qty = fromScaled(qtyUnits * spot.lot, spot.sizeScale);
        const ask = fromScaled(askUnits, spot.priceScale);
        const amount = baseToQuoteAmount(qty, ask, meta);
        const exact = mulScaled(qtyUnits * spot.lot, spot.sizeScale, askUnits, spot.priceScale, 20, 'down');
        if (amount === undefined) return exact === 0n;
        const spent = toScaled(amount, 20);
        return spent >= exact && spent - exact < 10n ** BigInt(20 - qs);
      }),
    );
  });
});

describe('estimateOrder', () => {
  const book = { bestBid: '64999.99', bestAsk: '65000.01' };

  it('prices a limit order at its price, with the taker fee as the most it can pay', () => {
    const e = estimateOrder({ side: 'buy', orderType: 'limit', qty: '0.0100', price: '65000.00' }, spot, book);
    expect(e).toMatchObject({ notional: '650', fee: '0.65', priceSource: 'limit', feeRate: '0.001' });
  });

  it('takes a quote-sized market buy at its amount and names the best ask it expects', () => {
    expect(estimateOrder({ side: 'buy', orderType: 'market', qty: '100' }, spot, book)).toMatchObject({ notional: '100', fee: '0.1', price: '65000.01', priceSource: 'best ask' });
  });

  it('prices a market sell at the best bid, and knows nothing before the book arrives', () => {
    expect(estimateOrder({ side: 'sell', orderType: 'market', qty: '0.0100' }, spot, book)).toMatchObject({ notional: '649.9999', priceSource: 'best bid' });
    expect(estimateOrder({ side: 'sell', orderType: 'market', qty: '0.0100' }, spot, { bestBid: undefined, bestAsk: undefined })).toMatchObject({ notional: undefined, fee: undefined });
  });

  it('shows no fee when the instrument carries no rate', () => {
    const { takerFeeRate: _, ...bare } = spot;
    expect(estimateOrder({ side: 'buy', orderType: 'limit', qty: '1', price: '10' }, bare, book).fee).toBeUndefined();
  });
});

describe('aboveMaxError', () => {
  it('refuses 100.01 USDT when 100 USDT is the most, and names the maximum as the Max line shows it', () => {
    expect(aboveMaxError('100.01', 'quote', { value: '100', unit: 'quote' }, spot)).toBe('Above the maximum of 100.00 USDT');
    expect(aboveMaxError('100', 'quote', { value: '100', unit: 'quote' }, spot)).toBeUndefined();
  });

  it('compares base quantities in the base coin, and refuses nothing when the maximum is unknown or in another unit', () => {
    expect(aboveMaxError('1.5', 'base', { value: '1.4999', unit: 'base' }, spot)).toBe('Above the maximum of 1.4999 BTC');
    expect(aboveMaxError('1.5', 'base', undefined, spot)).toBeUndefined();
    expect(aboveMaxError('1.5', 'base', { value: '1', unit: 'quote' }, spot)).toBeUndefined();
  });
});

describe('presetSize', () => {
  it('takes a percentage of an amount down to the quote precision', () => {
    expect(presetSize({ value: '1000.123456789', unit: 'quote' }, 25, spot)).toBe('250.03086419');
    expect(presetSize({ value: '99999.5', unit: 'quote' }, 100, spot)).toBe('99999.5');
  });

  it('takes a percentage of a base maximum down to the lot', () => {
    expect(presetSize({ value: '1.0003', unit: 'base' }, 50, spot)).toBe('0.5001');
    expect(presetSize(undefined, 50, spot)).toBe('');
  });
});

describe('ratePercent', () => {
  it('shifts the point exactly', () => {
    expect(ratePercent('0.001')).toBe('0.1%');
    expect(ratePercent('0.0002')).toBe('0.02%');
    expect(ratePercent('0.1')).toBe('10%');
  });
});
