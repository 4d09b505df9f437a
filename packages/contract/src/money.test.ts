import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents } from './money.js';

describe('formatCents, the one way amounts become text', () => {
  it('writes dollars with two decimals and a plain minus for negative amounts', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(-1_565)).toBe('-$15.65');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('signed: a plus for money in, a minus for money out, nothing for zero (never "+-")', () => {
    expect(formatCents(25_000, { signed: true })).toBe('+$250.00');
    expect(formatCents(-1_565, { signed: true })).toBe('-$15.65');
    expect(formatCents(0, { signed: true })).toBe('$0.00');
  });

  it('compact, for chart axes', () => {
    expect(formatCents(1_250_000, { compact: true })).toBe('$12.5K');
    expect(formatCents(95_000, { compact: true })).toBe('$950');
  });
});

describe('centsToDecimal, amounts in files', () => {
  it('is exact, without floats', () => {
    expect(centsToDecimal(123_456)).toBe('1234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });
});
