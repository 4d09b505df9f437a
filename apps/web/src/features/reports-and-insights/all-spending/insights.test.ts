import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { computeInsights, type InsightInputs } from './insights';

const months = (amounts: number[]) => amounts.map((amount, index) => ({ date: `2025-0${index + 1}-01`, amount }));

const base: InsightInputs = {
  monthlySpending: months([100_00, 200_00, 150_00]),
  monthlyFunding: months([0, 500_00, 0]),
  rangeSpending: 400_00,
  rangeCount: 16,
  rangePhrase: 'the last 90 days',
  topCategory: { id: 1, label: 'Travel', amount: 100_00 },
  topSpender: { id: 2, label: 'Jordan Lee', amount: 300_00 },
  today: dayjs('2025-03-10T12:00:00'),
};

describe('Stats & Insights', () => {
  it('computes month over month, the month so far, the average, the leaders and funding cover', () => {
    const byKey = Object.fromEntries(computeInsights(base).map((insight) => [insight.key, insight]));
    expect(byKey.mom).toMatchObject({ value: '+100%', detail: 'February $200.00 vs January $100.00', trend: 'up' });
    expect(byKey.mtd).toMatchObject({
      title: 'March so far',
      value: '$150.00',
      detail: 'On pace for about $465.00 by month end',
    });
    expect(byKey.avg).toMatchObject({ value: '$25.00', detail: '16 transactions in the last 90 days' });
    expect(byKey.category).toMatchObject({ value: 'Travel', detail: '$100.00 · 25% of spending in the last 90 days' });
    expect(byKey.spender).toMatchObject({
      value: 'Jordan Lee',
      detail: '$300.00 · 75% of spending in the last 90 days',
    });
    expect(byKey.coverage).toMatchObject({
      value: '$50.00 more funded than spent',
      detail: 'Funding covered 111.1% of spending. Average spending $150.00 a month',
    });
  });

  it('reads a fall as down, and says so when there was nothing before', () => {
    const fall = computeInsights({ ...base, monthlySpending: months([300_00, 100_00, 0]) }).find(
      (insight) => insight.key === 'mom',
    );
    expect(fall).toMatchObject({ value: '-66.7%', trend: 'down' });
    const fresh = computeInsights({ ...base, monthlySpending: months([0, 100_00, 0]) }).find(
      (insight) => insight.key === 'mom',
    );
    expect(fresh).toMatchObject({ value: 'New spending' });
  });

  it('leaves out what it cannot know: no count, no leaders, no activity', () => {
    const quiet = computeInsights({
      ...base,
      monthlySpending: months([0, 0, 0]),
      monthlyFunding: months([0, 0, 0]),
      rangeSpending: 0,
      rangeCount: undefined,
      topCategory: undefined,
      topSpender: undefined,
    });
    expect(quiet.map((insight) => insight.key)).toEqual(['mom', 'mtd']);
    expect(quiet[1]!.detail).toBe('No spending yet this month');
  });
});
