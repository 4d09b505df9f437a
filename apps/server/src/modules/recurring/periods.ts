import { INTERVAL_DAYS, type RequestInterval } from '@wallet/contract';

/** Calendar days on YYYY-MM-DD dates (UTC), as the schedule counts its periods. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** The period after `period`, or null when it would fall after the end date. */
export function periodAfter(period: string, interval: RequestInterval, endDate: string | null): string | null {
  const next = addDays(period, INTERVAL_DAYS[interval]);
  return endDate !== null && next > endDate ? null : next;
}
