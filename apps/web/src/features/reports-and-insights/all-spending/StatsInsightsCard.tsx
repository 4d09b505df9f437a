import { FallOutlined, RiseOutlined } from '@ant-design/icons';
import { Card, Empty, Typography, theme } from 'antd';
import { REPORT_TEXTS } from '@wallet/contract';
import { useMemo } from 'react';
import { LoadingBlock } from '../../../components/LoadingBlock';
import type { ChartRangeKey } from '../../../lib/analytics';
import { useSeries, useTopRows, useTotal } from '../api/analytics';
import { useExpenseCount } from '../api/expenses';
import { rangePhrase, type DayRange } from '../ranges';
import { SIX_MONTHS } from './FundingSpendingChart';
import { computeInsights, type Insight } from './insights';

/**
 * About the height of the six insights (each of up to three lines) beside the chart or on a phone: reserved while
 * they load, which is all at once, so the boxes below don't move as each query answers.
 */
const BODY_HEIGHT = 614;

function InsightItem({ insight }: { insight: Insight }) {
  const { token } = theme.useToken();
  // More spending reads as a warning, less as good news.
  const trendColor = insight.trend === 'up' ? token.colorWarning : token.colorSuccess;
  return (
    <li style={{ padding: '10px 0', borderBottom: `1px solid ${token.colorSplit}`, listStyle: 'none' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {insight.title}
      </Typography.Text>
      <Typography.Text strong style={{ fontSize: 16, display: 'flex', alignItems: 'center', gap: 6 }}>
        {insight.trend &&
          (insight.trend === 'up' ? (
            <RiseOutlined aria-label="up" style={{ color: trendColor }} />
          ) : (
            <FallOutlined aria-label="down" style={{ color: trendColor }} />
          ))}
        {insight.value}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {insight.detail}
      </Typography.Text>
    </li>
  );
}

/** Stats & Insights: month over month, the month so far, the average transaction, the leaders, funding cover. */
export function StatsInsightsCard({ rangeKey, window }: { rangeKey: ChartRangeKey; window: DayRange }) {
  const spendingSeries = useSeries('spending', SIX_MONTHS);
  const fundingSeries = useSeries('funding', SIX_MONTHS);
  const spending = useTotal('spending', window);
  const count = useExpenseCount(window);
  const categories = useTopRows('categories', window);
  const spenders = useTopRows('spender', window);
  const loading = [spendingSeries, fundingSeries, spending, count, categories, spenders].some(
    (query) => query.isPending,
  );

  const insights = useMemo(
    () =>
      computeInsights({
        monthlySpending: spendingSeries.data ?? [],
        monthlyFunding: fundingSeries.data ?? [],
        rangeSpending: spending.data ?? 0,
        rangeCount: count.data,
        rangePhrase: rangePhrase(rangeKey),
        topCategory: categories.data?.[0],
        topSpender: spenders.data?.[0],
      }),
    [spendingSeries.data, fundingSeries.data, spending.data, count.data, rangeKey, categories.data, spenders.data],
  );

  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{REPORT_TEXTS.statsAndInsights}</h2>}
      style={{ height: '100%' }}
      styles={{ body: { paddingBlock: 8 } }}
    >
      {loading ? (
        <LoadingBlock height={BODY_HEIGHT} label="Loading insights" />
      ) : insights.length === 0 ? (
        <div style={{ minHeight: BODY_HEIGHT, display: 'grid', placeItems: 'center' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Not enough activity yet for insights" />
        </div>
      ) : (
        <ul aria-label={REPORT_TEXTS.statsAndInsights} style={{ margin: 0, padding: 0, minHeight: BODY_HEIGHT }}>
          {insights.map((insight) => (
            <InsightItem key={insight.key} insight={insight} />
          ))}
        </ul>
      )}
    </Card>
  );
}
