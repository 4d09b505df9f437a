import dayjs, { type Dayjs } from 'dayjs';
import type { TransactionDatePreset } from '@wallet/contract';
import { chartRange, type ChartRangeKey } from '../../lib/analytics';
import { WIRE_DAY } from '../../lib/dates';

/** Both days included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/** The last `days` days up to today, today included (the range menu's 30, 90, 180 or 365 days). */
export function lastDays(days: number, today: Dayjs = dayjs()): DayRange {
  return { from: today.subtract(days - 1, 'day').format(WIRE_DAY), to: today.format(WIRE_DAY) };
}

/** The window a range-menu choice covers. */
export function windowOf(key: ChartRangeKey, today: Dayjs = dayjs()): DayRange {
  return lastDays(chartRange(key).days, today);
}

/** 'the last 30 days', for sentences and captions. */
export function rangePhrase(key: ChartRangeKey): string {
  return `the last ${chartRange(key).days} days`;
}

/** filter[between] of the analytics endpoints: from,to. */
export const analyticsBetween = ({ from, to }: DayRange) => `${from},${to}`;

/** filter[between] of the expenses list and export: day,from,to. */
export const expensesBetween = ({ from, to }: DayRange) => `day,${from},${to}`;

/** The transactions table's presets (PRODUCT.md §2), as [start, end] days. */
export function transactionPresets(
  now: Dayjs = dayjs(),
): Array<{ label: TransactionDatePreset; value: [Dayjs, Dayjs] }> {
  const today = now.startOf('day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: 'Today', value: [today, today] },
    { label: 'Yesterday', value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
    { label: 'Last 7 Days', value: [today.subtract(6, 'day'), today] },
    { label: 'Last 30 Days', value: [today.subtract(29, 'day'), today] },
    { label: 'Last 90 Days', value: [today.subtract(89, 'day'), today] },
    { label: 'This Month', value: [today.startOf('month'), today] },
    { label: 'Last Month', value: [lastMonth.startOf('month'), lastMonth.endOf('month').startOf('day')] },
    { label: 'This Year', value: [today.startOf('year'), today] },
  ];
}
