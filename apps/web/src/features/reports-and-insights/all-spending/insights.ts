import dayjs, { type Dayjs } from 'dayjs';
import type { AnalyticsTopRow } from '@wallet/contract';
import type { AnalyticsRow } from '../../../lib/analytics';
import { formatMonthName } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';

export interface Insight {
  key: string;
  title: string;
  value: string;
  detail: string;
  /** up: more spending than before; down: less; undefined: neither. */
  trend?: 'up' | 'down';
}

export interface InsightInputs {
  /** Spending per month, oldest first; the last row is the current (partial) month. */
  monthlySpending: readonly AnalyticsRow[];
  monthlyFunding: readonly AnalyticsRow[];
  /** Spending and number of transactions in the range menu's window. */
  rangeSpending: number;
  rangeCount: number | undefined;
  rangePhrase: string;
  topCategory: AnalyticsTopRow | undefined;
  topSpender: AnalyticsTopRow | undefined;
  today?: Dayjs;
}

const sum = (rows: readonly AnalyticsRow[]) => rows.reduce((total, row) => total + Number(row.amount), 0);
const monthName = (row: AnalyticsRow) => formatMonthName(row.date);
const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

/** The change from the month before last to last month: both whole months. */
function monthOverMonth(rows: readonly AnalyticsRow[]): Insight | undefined {
  if (rows.length < 3) return undefined;
  const last = rows[rows.length - 2]!;
  const before = rows[rows.length - 3]!;
  const [a, b] = [Number(last.amount), Number(before.amount)];
  const detail = `${monthName(last)} ${formatMoney(a)} vs ${monthName(before)} ${formatMoney(b)}`;
  if (b === 0)
    return {
      key: 'mom',
      title: 'Month over month',
      value: a === 0 ? 'No change' : 'New spending',
      detail,
      trend: a > 0 ? 'up' : undefined,
    };
  const change = (a - b) / Math.abs(b);
  return {
    key: 'mom',
    title: 'Month over month',
    value: `${change > 0 ? '+' : ''}${percent(change)}`,
    detail,
    trend: change > 0 ? 'up' : change < 0 ? 'down' : undefined,
  };
}

/** The current month so far, and where it ends at the same daily pace. */
function monthToDate(rows: readonly AnalyticsRow[], today: Dayjs): Insight | undefined {
  const current = rows[rows.length - 1];
  if (!current) return undefined;
  const spent = Number(current.amount);
  const elapsed = today.date();
  const pace = Math.round((spent / elapsed) * today.daysInMonth());
  return {
    key: 'mtd',
    title: `${monthName(current)} so far`,
    value: formatMoney(spent),
    detail: spent === 0 ? 'No spending yet this month' : `On pace for about ${formatMoney(pace)} by month end`,
  };
}

function averageTransaction({ rangeSpending, rangeCount, rangePhrase }: InsightInputs): Insight | undefined {
  if (rangeCount === undefined) return undefined;
  if (rangeCount === 0)
    return { key: 'avg', title: 'Average transaction', value: '—', detail: `No transactions in ${rangePhrase}` };
  return {
    key: 'avg',
    title: 'Average transaction',
    value: formatMoney(Math.round(rangeSpending / rangeCount)),
    detail: `${rangeCount.toLocaleString('en-US')} transaction${rangeCount === 1 ? '' : 's'} in ${rangePhrase}`,
  };
}

function leader(
  key: string,
  title: string,
  row: AnalyticsTopRow | undefined,
  { rangeSpending, rangePhrase }: InsightInputs,
): Insight | undefined {
  if (!row || row.amount <= 0) return undefined;
  const share = rangeSpending > 0 ? ` · ${percent(row.amount / rangeSpending)} of spending` : '';
  return { key, title, value: row.label, detail: `${formatMoney(row.amount)}${share} in ${rangePhrase}` };
}

/** Funding against spending over the chart's months. */
function fundingCoverage({ monthlySpending, monthlyFunding }: InsightInputs): Insight | undefined {
  const spent = sum(monthlySpending);
  const funded = sum(monthlyFunding);
  if (spent === 0 && funded === 0) return undefined;
  const months = monthlySpending.length;
  const average = `Average spending ${formatMoney(Math.round(spent / Math.max(months, 1)))} a month`;
  if (spent <= 0)
    return {
      key: 'coverage',
      title: `Funding vs spending (${months} months)`,
      value: `${formatMoney(funded)} funded`,
      detail: 'No spending in these months',
    };
  return {
    key: 'coverage',
    title: `Funding vs spending (${months} months)`,
    value:
      funded >= spent
        ? `${formatMoney(funded - spent)} more funded than spent`
        : `${formatMoney(spent - funded)} more spent than funded`,
    detail: `Funding covered ${percent(funded / spent)} of spending. ${average}`,
  };
}

/** Stats & Insights: what the figures say, computed from the analytics answers; missing inputs skip their insight. */
export function computeInsights(inputs: InsightInputs): Insight[] {
  const today = inputs.today ?? dayjs();
  return [
    monthOverMonth(inputs.monthlySpending),
    monthToDate(inputs.monthlySpending, today),
    averageTransaction(inputs),
    leader('category', 'Biggest category', inputs.topCategory, inputs),
    leader('spender', 'Top spender', inputs.topSpender, inputs),
    fundingCoverage(inputs),
  ].filter((insight): insight is Insight => insight !== undefined);
}
