import { z } from 'zod';

/** What a date in a body or a query says when it isn't one (PRODUCT.md §8: a 422 with a message per field). */
export const DATE_MESSAGES = {
  format: 'Use the format YYYY-MM-DD.',
  notReal: 'Not a real date.',
} as const;

/** The earliest day any date field takes: before it PostgreSQL and JavaScript disagree (year 0, BC dates). */
export const EARLIEST_DAY = '1970-01-01';

/**
 * A real calendar day as YYYY-MM-DD. JavaScript's Date rolls 2025-02-30 over to March, so the value must
 * round-trip; PostgreSQL would refuse it (a 500), so it never gets that far.
 */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value && value >= EARLIEST_DAY;
}

/** The one date schema of every body and query: YYYY-MM-DD, and a day that exists. */
export const calendarDateSchema = z.string({ error: DATE_MESSAGES.format }).superRefine((value, context) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) context.addIssue({ code: 'custom', message: DATE_MESSAGES.format });
  else if (!isCalendarDay(value)) context.addIssue({ code: 'custom', message: DATE_MESSAGES.notReal });
});
