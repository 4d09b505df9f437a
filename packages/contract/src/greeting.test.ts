import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting.js';
import { dollarsToCents } from './money.js';

describe('greetingFor', () => {
  it('greets morning before noon, afternoon until 17:59 and evening from 18:00', () => {
    expect(greetingFor(9)).toBe('Morning');
    expect(greetingFor(11)).toBe('Morning');
    expect(greetingFor(12)).toBe('Afternoon');
    expect(greetingFor(17)).toBe('Afternoon');
    expect(greetingFor(18)).toBe('Evening');
    expect(greetingFor(23)).toBe('Evening');
  });
});

describe('dollarsToCents', () => {
  it('parses two-decimal dollar strings into integer cents without float error', () => {
    expect(dollarsToCents('0.01')).toBe(1);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('1234')).toBe(123400);
  });
  it('rejects more than two decimals and non-numbers', () => {
    expect(dollarsToCents('1.001')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
  });
});
