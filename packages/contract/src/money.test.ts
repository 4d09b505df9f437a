import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS } from './money.js';
import { centsToDecimal, dollarsToCents, formatCents } from './money.js';

describe('formatCents, the one way amounts become text on screen', () => {
  it('writes dollars with two decimals and a plain minus for negative amounts', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(-1_565)).toBe('-$15.65');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-5)).toBe('-$0.05');
  });

  it('writes zero without a sign, even a negative zero', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
  });

  it('is exact for large amounts, to the last cent of any safe integer', () => {
    expect(formatCents(MAX_AMOUNT_CENTS)).toBe('$10,000,000.00');
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
    expect(formatCents(-Number.MAX_SAFE_INTEGER)).toBe('-$90,071,992,547,409.91');
  });

  it('shows a refund (money back, negative cents) with a minus, and a plus when signed', () => {
    expect(formatCents(-2_550)).toBe('-$25.50');
    expect(formatCents(2_550, { signed: true })).toBe('+$25.50');
    expect(formatCents(-2_550, { signed: true })).toBe('-$25.50');
  });

  it('signed: a plus for money in, a minus for money out, nothing for zero (never "+-")', () => {
    expect(formatCents(25_000, { signed: true })).toBe('+$250.00');
    expect(formatCents(-1_565, { signed: true })).toBe('-$15.65');
    expect(formatCents(0, { signed: true })).toBe('$0.00');
  });

  it('compact, for chart axes, also with a tick that is not a whole cent', () => {
    expect(formatCents(1_250_000, { compact: true })).toBe('$12.5K');
    expect(formatCents(95_000, { compact: true })).toBe('$950');
    expect(formatCents(-1_250_000, { compact: true })).toBe('-$12.5K');
    expect(formatCents(123_456_789_00, { compact: true })).toBe('$123.5M');
    expect(formatCents(1_234.5)).toBe('$12.35');
  });
});

describe('centsToDecimal, amounts in files and inputs', () => {
  it('is exact, without floats', () => {
    expect(centsToDecimal(123_456)).toBe('1234.56');
    expect(centsToDecimal(48_750)).toBe('487.50');
    expect(centsToDecimal(5)).toBe('0.05');
  });

  it('writes negative amounts (refunds, net figures) with a leading minus a spreadsheet reads as a number', () => {
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(-1_250)).toBe('-12.50');
  });

  it('writes zero as 0.00, never -0.00', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(-0)).toBe('0.00');
  });

  it('keeps every cent of large amounts', () => {
    expect(centsToDecimal(MAX_AMOUNT_CENTS)).toBe('10000000.00');
    expect(centsToDecimal(9_007_199_254_740_99)).toBe('9007199254740.99');
    expect(centsToDecimal(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(centsToDecimal(-Number.MAX_SAFE_INTEGER)).toBe('-90071992547409.91');
  });

  it('round-trips with dollarsToCents', () => {
    for (const cents of [0, 1, -1, 99, 100, -12_345, MAX_AMOUNT_CENTS, Number.MAX_SAFE_INTEGER])
      expect(dollarsToCents(centsToDecimal(cents))).toBe(cents);
  });
});
