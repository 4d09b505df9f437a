/** Calendar arithmetic in UTC on YYYY-MM-DD strings: no time zone can move a boundary. */
export type Unit = 'day' | 'month';

export function addDaysIso(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function addMonthsIso(month: string, months: number): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

export function periodOf(day: string, unit: Unit): string {
  return unit === 'day' ? day : `${day.slice(0, 7)}-01`;
}

/** Every period from `from` to `to` inclusive (months start on the 1st). */
export function periodsBetween(from: string, to: string, unit: Unit): string[] {
  const periods: string[] = [];
  for (
    let period = periodOf(from, unit);
    period <= to && periods.length < 5000;
    period = unit === 'day' ? addDaysIso(period, 1) : addMonthsIso(period, 1)
  ) {
    periods.push(period);
  }
  return periods;
}

/** The last N days or calendar months up to today (the current one included; months from their 1st). */
export function lastPeriods(count: number, unit: Unit, today: string): { from: string; to: string } {
  return unit === 'day'
    ? { from: addDaysIso(today, -(count - 1)), to: today }
    : { from: addMonthsIso(today, -(count - 1)), to: today };
}

/** The days of a period that fall inside the range. */
function daysOf(
  period: string,
  unit: Unit,
  range: { from: string; to: string },
): { first: string; last: string; count: number } {
  const first = period < range.from ? range.from : period;
  const end = unit === 'day' ? period : addDaysIso(addMonthsIso(period, 1), -1);
  const last = end > range.to ? range.to : end;
  const count = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
  return { first, last, count: Math.max(0, count) };
}

export interface Row {
  date: string;
  amount: number;
}

/**
 * Sum, or highest daily total, of daily amounts per period, over the range's days only. A day without data counts
 * as 0, so a period without data is 0, and a period's max is never below 0 while it has a quiet day.
 */
export function bucketFlows(
  daily: ReadonlyArray<{ day: string; amount: number }>,
  periods: string[],
  unit: Unit,
  how: 'sum' | 'max',
  range: { from: string; to: string },
): Row[] {
  const sums = new Map<string, number>();
  const highest = new Map<string, number>();
  const active = new Map<string, number>();
  for (const { day, amount } of daily) {
    if (day < range.from || day > range.to) continue;
    const period = periodOf(day, unit);
    const value = Number(amount);
    sums.set(period, (sums.get(period) ?? 0) + value);
    highest.set(period, Math.max(highest.get(period) ?? Number.NEGATIVE_INFINITY, value));
    active.set(period, (active.get(period) ?? 0) + 1);
  }
  return periods.map((period) => {
    if (how === 'sum') return { date: period, amount: sums.get(period) ?? 0 };
    const quietDays = daysOf(period, unit, range).count > (active.get(period) ?? 0);
    return { date: period, amount: Math.max(highest.get(period) ?? 0, quietDays ? 0 : Number.NEGATIVE_INFINITY) };
  });
}

/**
 * A balance over time, from its opening (before the range) and its daily changes: each period's closing balance
 * (sum_over) or its highest closing balance of a day (max_over), over the range's days. A period without changes
 * keeps the previous balance: a balance doesn't drop to zero because nothing moved.
 */
export function bucketLevels(
  opening: number,
  daily: ReadonlyArray<{ day: string; amount: number }>,
  periods: string[],
  unit: Unit,
  how: 'sum' | 'max',
  range: { from: string; to: string },
): Row[] {
  const flows = new Map(daily.map((row) => [row.day, Number(row.amount)]));
  const rows: Row[] = [];
  let balance = opening;
  for (const period of periods) {
    const { first, last } = daysOf(period, unit, range);
    let highest = Number.NEGATIVE_INFINITY;
    for (let day = first; day <= last; day = addDaysIso(day, 1)) {
      balance += flows.get(day) ?? 0;
      highest = Math.max(highest, balance);
    }
    rows.push({ date: period, amount: how === 'sum' || highest === Number.NEGATIVE_INFINITY ? balance : highest });
  }
  return rows;
}
