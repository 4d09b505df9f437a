import { centsToDecimal } from '@wallet/contract';
import type { AnalyticsRow } from '../../../lib/analytics';
import { toCsv, type CsvCell } from '../../../lib/csv';
import type { DayRange } from '../ranges';

export interface SummaryFigures {
  organisation: string;
  rangeLabel: string;
  window: DayRange;
  spending: number;
  funding: number;
  count: number | undefined;
  spendingByPeriod: readonly AnalyticsRow[];
  fundingByPeriod: readonly AnalyticsRow[];
  periodUnit: 'day' | 'month';
}

/** The Summary as a CSV: the range's figures (dollars with 2 decimals), then funding and spending per period. */
export function summaryCsv(figures: SummaryFigures): string {
  const { spending, funding, count } = figures;
  const funded = new Map(figures.fundingByPeriod.map((row) => [row.date, Number(row.amount)]));
  const periods = figures.spendingByPeriod.map((row): CsvCell[] => {
    const fundingAmount = funded.get(row.date) ?? 0;
    const label = figures.periodUnit === 'month' ? row.date.slice(0, 7) : row.date;
    return [
      label,
      centsToDecimal(fundingAmount),
      centsToDecimal(Number(row.amount)),
      centsToDecimal(fundingAmount - Number(row.amount)),
    ];
  });
  return toCsv([
    ['Spend Summary', figures.organisation],
    ['Range', figures.rangeLabel],
    ['From', figures.window.from],
    ['To', figures.window.to],
    ['Total Spending (USD)', centsToDecimal(spending)],
    ['Total Funding (USD)', centsToDecimal(funding)],
    ['Net (Funding - Spending) (USD)', centsToDecimal(funding - spending)],
    ['Transactions', count ?? ''],
    ['Average Transaction (USD)', count ? centsToDecimal(Math.round(spending / count)) : ''],
    [],
    [figures.periodUnit === 'month' ? 'Month' : 'Day', 'Funding (USD)', 'Spending (USD)', 'Net (USD)'],
    ...periods,
  ]);
}
