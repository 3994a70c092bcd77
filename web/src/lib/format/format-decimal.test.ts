import { describe, expect, it } from 'vitest';
import { formatChartPrice, formatDecimal, formatSigned } from './format-decimal';

describe('formatDecimal', () => {
  it('groups thousands and keeps the text digits exactly', () => {
    expect(formatDecimal('1234567.891')).toBe('1,234,567.891');
    expect(formatDecimal('0.1')).toBe('0.1');
  });

  it('pads or cuts to a fixed scale without rounding up', () => {
    expect(formatDecimal('43231.1', { scale: 2 })).toBe('43,231.10');
    expect(formatDecimal('0.129', { scale: 2 })).toBe('0.12');
    expect(formatDecimal('5', { scale: 0 })).toBe('5');
  });

  it('keeps values far beyond float precision intact', () => {
    expect(formatDecimal('90071992547409931.000000001', { group: false })).toBe('90071992547409931.000000001');
  });

  it('trims trailing zeros when asked', () => {
    expect(formatDecimal('1.5000', { trim: true })).toBe('1.5');
    expect(formatDecimal('2.000', { trim: true })).toBe('2');
  });

  it('keeps a sign and never shows minus zero', () => {
    expect(formatDecimal('-1234.5')).toBe('-1,234.5');
    expect(formatDecimal('-0.001', { scale: 2 })).toBe('0.00');
  });

  it('shows the fallback for empty or malformed values', () => {
    expect(formatDecimal('')).toBe('—');
    expect(formatDecimal(undefined)).toBe('—');
    expect(formatDecimal('1e5')).toBe('—');
    expect(formatDecimal('abc', { fallback: '-' })).toBe('-');
  });
});

describe('formatSigned', () => {
  it('puts a plus on gains only', () => {
    expect(formatSigned('12.5')).toBe('+12.5');
    expect(formatSigned('-12.5')).toBe('-12.5');
    expect(formatSigned('0')).toBe('0');
  });

  it('writes a chart float as a price: the scale\'s decimals, grouped', () => {
    expect(formatChartPrice(65600, 2)).toBe('65,600.00');
    expect(formatChartPrice(0.1 + 0.2, 2)).toBe('0.30');
    expect(formatChartPrice(-1234.5, 1)).toBe('-1,234.5');
    expect(formatChartPrice(Number.NaN, 2)).toBe('—');
  });
});
