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
  for (let period = periodOf(from, unit); period <= to && periods.length < 5000; period = unit === 'day' ? addDaysIso(period, 1) : addMonthsIso(period, 1)) {
    periods.push(period);
  }
  return periods;
}

/** The last N days or months up to today (the current period included). */
export function lastPeriods(count: number, unit: Unit, today: string): { from: string; to: string } {
  return unit === 'day' ? { from: addDaysIso(today, -(count - 1)), to: today } : { from: addMonthsIso(today, -(count - 1)), to: today };
}

export interface Row { date: string; amount: number }

/** Sum or max of daily amounts per period; periods without data are 0. */
export function bucketFlows(daily: ReadonlyArray<{ day: string; amount: number }>, periods: string[], unit: Unit, how: 'sum' | 'max'): Row[] {
  const byPeriod = new Map<string, number>(periods.map((period) => [period, 0]));
  const seen = new Set<string>();
  for (const { day, amount } of daily) {
    const period = periodOf(day, unit);
    if (!byPeriod.has(period)) continue;
    const value = Number(amount);
    if (how === 'sum') byPeriod.set(period, byPeriod.get(period)! + value);
    else byPeriod.set(period, seen.has(period) ? Math.max(byPeriod.get(period)!, value) : value);
    seen.add(period);
  }
  return periods.map((period) => ({ date: period, amount: byPeriod.get(period)! }));
}

/**
 * A balance over time: the closing balance of each period (sum_over) or its highest daily closing balance
 * (max_over). An empty period keeps the previous balance: a balance doesn't drop to zero because nothing moved.
 */
export function bucketLevels(opening: number, daily: ReadonlyArray<{ day: string; amount: number }>, periods: string[], unit: Unit, how: 'sum' | 'max'): Row[] {
  const flows = new Map(daily.map((row) => [row.day, Number(row.amount)]));
  const rows: Row[] = [];
  let balance = opening;
  for (const period of periods) {
    const end = unit === 'day' ? period : addDaysIso(addMonthsIso(period, 1), -1);
    let highest = Number.NEGATIVE_INFINITY;
    for (let day = period; day <= end; day = addDaysIso(day, 1)) {
      balance += flows.get(day) ?? 0;
      highest = Math.max(highest, balance);
    }
    rows.push({ date: period, amount: how === 'sum' ? balance : highest });
  }
  return rows;
}
