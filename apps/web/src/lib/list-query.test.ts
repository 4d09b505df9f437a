import { describe, expect, it } from 'vitest';
import { tablePagination } from './list-query';

const state = { page: 1, pageSize: 10, filters: {} };
const meta = { total: 10_000, current_page: 1, per_page: 10, last_page: 1_000 };

describe('tablePagination', () => {
  it("shows the server's total, with a + when the server counted only up to it", () => {
    const exact = tablePagination(state, meta);
    expect(exact.total).toBe(10_000);
    expect(exact.showTotal?.(10_000, [1, 10])).toBe('1-10 of 10000');
    const lowerBound = tablePagination(state, { ...meta, total_is_lower_bound: true });
    expect(lowerBound.showTotal?.(10_000, [1, 10])).toBe('1-10 of 10000+');
  });
});
