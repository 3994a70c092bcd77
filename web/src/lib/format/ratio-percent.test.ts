import { describe, expect, it } from 'vitest';
import { ratioPercent } from './ratio-percent';

describe('ratioPercent', () => {
  it('shows a fraction as a percentage with two decimals, cut toward zero', () => {
    expect(ratioPercent('0.0123')).toBe('1.23%');
    expect(ratioPercent('0.012399')).toBe('1.23%');
    expect(ratioPercent('1')).toBe('100.00%');
    expect(ratioPercent('0')).toBe('0.00%');
  });

  it('shows a dash for a value that is not a plain decimal', () => {
    expect(ratioPercent('')).toBe('—');
    expect(ratioPercent('1e-3')).toBe('—');
  });
});
