import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeInText,
  formatDay,
  formatDayOfYear,
  formatMonth,
  formatMonthName,
  formatMonthTick,
  formatUnixDate,
  formatUnixDateTime,
} from './dates';

// A viewer west of UTC, where a careless parse of a calendar day would show the day before.
beforeEach(() => {
  vi.stubEnv('TZ', 'America/Los_Angeles');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('one date format per context', () => {
  it('shows a date in tables, lists and details as "Mar 4, 2025", for instants and calendar days alike', () => {
    expect(formatDate('2025-03-04T20:00:00.000Z')).toBe('Mar 4, 2025');
    expect(formatDay('2025-03-04')).toBe('Mar 4, 2025');
    expect(formatDay('2025-03-01')).toBe('Mar 1, 2025');
    expect(formatUnixDate(Date.UTC(2025, 2, 4, 20) / 1000)).toBe('Mar 4, 2025');
  });

  it('shows an instant in the viewer’s time zone: late on the 4th in UTC is still the 4th in California', () => {
    expect(formatDate('2025-03-05T02:00:00.000Z')).toBe('Mar 4, 2025');
  });

  it('shows a dash for a missing date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDay(null)).toBe('—');
  });

  it('shows a date and time in logs as "Mar 4, 2025 12:05 PM", and in a sentence with "at"', () => {
    expect(formatDateTime('2025-03-04T20:05:00.000Z')).toBe('Mar 4, 2025 12:05 PM');
    expect(formatUnixDateTime(Date.UTC(2025, 2, 4, 20, 5) / 1000)).toBe('Mar 4, 2025 12:05 PM');
    expect(formatDateTimeInText('2025-03-04T20:05:00.000Z')).toBe('Mar 4, 2025 at 12:05 PM');
    expect(formatDateTimeInText('not a date')).toBeNull();
  });

  it('labels months as "March 2025" from a month or any day of it, and names them alone as "March"', () => {
    expect(formatMonth('2025-03')).toBe('March 2025');
    expect(formatMonth('2025-03-01')).toBe('March 2025');
    expect(formatMonthName('2025-03-01')).toBe('March');
  });

  it('shortens days and months where the year is said elsewhere (statement lines, chart axes)', () => {
    expect(formatDayOfYear('2025-03-04')).toBe('Mar 4');
    expect(formatMonthTick('2025-03-01', false)).toBe('Mar');
    expect(formatMonthTick('2025-03-01', true)).toBe("Mar '25");
  });
});
