import { describe, expect, it } from 'vitest';
import { summaryCsv } from './summary-csv';

describe('Summary CSV', () => {
  it('has the range, the figures in dollars and funding, spending and net per month', () => {
    const csv = summaryCsv({
      organisation: 'Demo, Inc.',
      rangeLabel: '3 Months',
      window: { from: '2024-12-15', to: '2025-03-14' },
      spending: 12_345,
      funding: 10_000,
      count: 4,
      spendingByPeriod: [
        { date: '2025-01-01', amount: 2_345 },
        { date: '2025-02-01', amount: 10_000 },
      ],
      fundingByPeriod: [{ date: '2025-02-01', amount: 10_000 }],
      periodUnit: 'month',
    });
    expect(csv.split('\r\n')).toEqual([
      'Spend Summary,"Demo, Inc."',
      'Range,3 Months',
      'From,2024-12-15',
      'To,2025-03-14',
      'Total Spending (USD),123.45',
      'Total Funding (USD),100.00',
      'Net (Funding - Spending) (USD),-23.45',
      'Transactions,4',
      'Average Transaction (USD),30.86',
      '',
      'Month,Funding (USD),Spending (USD),Net (USD)',
      '2025-01,0.00,23.45,-23.45',
      '2025-02,100.00,100.00,0.00',
      '',
    ]);
  });
});
