import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { MoneyChart } from '../../../components/charts/MoneyChart';
import { RangeMenu } from '../../../components/RangeMenu';
import {
  DEFAULT_CHART_RANGE,
  chartRange,
  rangeFilter,
  type AnalyticsRow,
  type ChartRangeKey,
} from '../../../lib/analytics';
import { useBalance } from '../../../lib/balance';
import { unitOf } from '../../../lib/chart-format';
import { formatMoney } from '../../../lib/format';
import { useAnalytics } from '../api/get-analytics';
import { SERIES_COLORS } from '../colors';

export const FUND_CHART_HEIGHT = 280;

const sum = (rows: readonly AnalyticsRow[]) => rows.reduce((total, row) => total + Number(row.amount), 0);

function Figure({ label, cents }: { label: string; cents: number | undefined }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {label}
      </Typography.Text>
      {cents === undefined ? (
        <LoadingBlock height={28} width={140} label={`Loading ${label.toLowerCase()}`} />
      ) : (
        <Typography.Text
          style={{ fontSize: 20, lineHeight: '28px', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatMoney(cents)}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * Fund Overview: the organisation's available balance at the end of each day or month of the chosen range (1 Month
 * is daily, the others monthly), with what cards spent in each period beside it.
 */
export function FundOverview() {
  const [rangeKey, setRangeKey] = useState<ChartRangeKey>(DEFAULT_CHART_RANGE);
  const range = chartRange(rangeKey);
  const filter = rangeFilter(range);
  const balance = useAnalytics('/api/wallet-balances/analytics', filter);
  const spending = useAnalytics('/api/expenses/analytics', filter);
  // No refetch on mount after a failure, as every dashboard query (see prefetch.ts).
  const current = useBalance({ retryOnMount: false });
  const failed = (balance.isError && !balance.data) || (spending.isError && !spending.data);
  const loading = !balance.data || !spending.data;
  const stale = balance.isPlaceholderData || spending.isPlaceholderData;

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Fund Overview
        </Typography.Title>
      }
      extra={<RangeMenu value={rangeKey} onChange={setRangeKey} label="Fund Overview range" />}
      style={{ height: '100%' }}
    >
      <Flex gap={32} wrap style={{ minHeight: 52, marginBottom: 12 }}>
        <Figure label="Available now" cents={current.data} />
        <Figure
          label={`Spent in the last ${range.label.toLowerCase()}`}
          cents={spending.data && !spending.isPlaceholderData ? sum(spending.data) : undefined}
        />
      </Flex>
      <div aria-busy={loading || stale} style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {failed ? (
          <LoadFailed
            height={FUND_CHART_HEIGHT}
            onRetry={() => void Promise.all([balance.refetch(), spending.refetch()])}
            what="the fund overview"
          />
        ) : loading ? (
          <LoadingBlock height={FUND_CHART_HEIGHT} label="Loading the fund overview" />
        ) : (
          <MoneyChart
            label={`Available balance and spending, ${range.label.toLowerCase()}`}
            unit={unitOf(balance.data!)}
            height={FUND_CHART_HEIGHT}
            series={[
              {
                key: 'balance',
                name: 'Available Balance',
                rows: balance.data!,
                color: SERIES_COLORS.balance,
                kind: 'area',
              },
              {
                key: 'spending',
                name: 'Spending',
                rows: spending.data!,
                color: SERIES_COLORS.spending,
                kind: 'bar',
                axis: 'right',
              },
            ]}
          />
        )}
      </div>
    </Card>
  );
}
