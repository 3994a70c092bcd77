import { describe, expect, it } from 'vitest';
import { pnlPercent } from './pnl-percent';

describe('pnlPercent', () => {
  it('is the PnL over the margin, with a sign and two decimals', () => {
    expect(pnlPercent('12.5', '100')).toBe('+12.50%');
    expect(pnlPercent('-3.3', '65')).toBe('-5.07%');
    expect(pnlPercent('0', '65')).toBe('0.00%');
  });

  it('cuts toward zero rather than rounding a loss up', () => {
    expect(pnlPercent('1', '3')).toBe('+33.33%');
    expect(pnlPercent('-2', '3')).toBe('-66.66%');
  });

  it('stays exact for values no float can hold', () => {
    expect(pnlPercent('90071992547409931.5', '90071992547409931.5')).toBe('+100.00%');
    expect(pnlPercent('0.000000000000000001', '0.000000000000000003')).toBe('+33.33%');
  });

  it("falls back to the exchange's profitRate when the margin is zero, and to a dash when nothing is known", () => {
    expect(pnlPercent('5', '0', '0.0523')).toBe('+5.23%');
    expect(pnlPercent('5', '0', '-0.123456')).toBe('-12.34%');
    expect(pnlPercent('', '', undefined)).toBe('—');
  });
});
