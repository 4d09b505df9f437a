import { describe, expect, it } from 'vitest';
import { daysOfMonth, MONTH_CLOSE_TEXTS } from './month-close.js';

describe('month close', () => {
  it('names the first and last day of a month, leap years included', () => {
    expect(daysOfMonth('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(daysOfMonth('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(daysOfMonth('2025-12')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('says how many transactions still need review, one or many, or more than the count reached', () => {
    expect(MONTH_CLOSE_TEXTS.stillNeedReview('2026-02', 1, false)).toMatch(
      /^1 transaction in February 2026 still needs review\./,
    );
    expect(MONTH_CLOSE_TEXTS.stillNeedReview('2026-02', 1200, false)).toMatch(
      /^1,200 transactions in February 2026 still need review\./,
    );
    expect(MONTH_CLOSE_TEXTS.stillNeedReview('2026-02', 1000, true)).toMatch(
      /^More than 1,000 transactions in February 2026 still need/,
    );
  });
});
