import dayjs from 'dayjs';
import { formatCents } from '@wallet/contract';
import type { AnalyticsRow, PeriodUnit } from './analytics';
import { formatDay, formatDayOfYear, formatMonth, formatMonthTick } from './dates';

/** Whether a series of YYYY-MM-DD dates spans more than one calendar year. */
function spansYears(dates: readonly string[]): boolean {
  return dates.length > 0 && dates[0]!.slice(0, 4) !== dates[dates.length - 1]!.slice(0, 4);
}

/** Axis label of a period: 'Nov' (or "Nov '26" when the chart spans years) for months, 'Nov 5' for days. */
export function periodTickFormatter(unit: PeriodUnit, dates: readonly string[]): (date: string) => string {
  if (unit === 'day') return formatDayOfYear;
  const withYear = spansYears(dates);
  return (date) => formatMonthTick(date, withYear);
}

/** Tooltip label of a period: 'November 2026' or 'Nov 5, 2026'. */
export function periodLabel(unit: PeriodUnit, date: string): string {
  return unit === 'day' ? formatDay(date) : formatMonth(date);
}

/** Axis ticks in dollars, compact: $0, $950, $12.5K, $1.2M. */
export function compactDollars(cents: number): string {
  return formatCents(cents, { compact: true });
}

/** Tooltip and figure amounts: dollars with 2 decimals. */
export const dollars = (cents: number): string => formatCents(cents);

/** Whether the unit of a series is days or months, guessed from its first two dates. */
export function unitOf(rows: readonly AnalyticsRow[]): PeriodUnit {
  if (rows.length < 2) return 'month';
  return dayjs(rows[1]!.date).diff(dayjs(rows[0]!.date), 'day') > 1 ? 'month' : 'day';
}

/** Round axis ticks from zero up to at least `max` (cents): 0, $500, $1K, $1.5K, $2K, $2.5K and so on. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0];
  const rawStep = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const residual = rawStep / magnitude;
  const step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 2.5 ? 2.5 : residual <= 5 ? 5 : 10) * magnitude;
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max) ticks.push(ticks.length * step);
  return ticks;
}

/** Two tick lists of the same length (the shorter extended by its own step), so both axes share the grid lines. */
export function alignedTicks(left: number[], right: number[]): [number[], number[]] {
  const extend = (ticks: number[], length: number) => {
    const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
    const out = [...ticks];
    while (out.length < length) out.push(out.length * step);
    return out;
  };
  const length = Math.max(left.length, right.length, 2);
  return [extend(left, length), extend(right, length)];
}
