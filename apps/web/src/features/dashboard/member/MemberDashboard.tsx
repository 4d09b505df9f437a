import { Col, Flex, Row, theme } from 'antd';
import type { AnalyticsRow } from '../../../lib/analytics';
import { periodLabel } from '../../../lib/chart-format';
import { formatMoney } from '../../../lib/format';
import { Sparkline } from '../../../components/charts/Sparkline';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { useCurrentUser } from '../../../lib/session';
import { MEMBER_MONTHS, useAnalytics, useAnalyticsTotal } from '../api/get-analytics';
import { SERIES_COLORS } from '../colors';
import { KPI_CHART_HEIGHT, KpiCard } from '../KpiCard';
import { ApprovedRequests } from './ApprovedRequests';
import { AvailableToSpend } from './AvailableToSpend';
import { RecentDeclines } from './RecentDeclines';

const BREAKDOWN_ROW = 36;

/**
 * The last 6 months' spend, newest first: what the chart above shows, in figures, under a heading with their own sum
 * (the card's figure is all time, so the rows need not add up to it).
 */
function MonthlyBreakdown({ rows }: { rows: AnalyticsRow[] | undefined }) {
  const { token } = theme.useToken();
  const months = 6;
  const sum = rows?.reduce((total, row) => total + Number(row.amount), 0);
  return (
    <div style={{ marginTop: 12, minHeight: BREAKDOWN_ROW * (months + 1) }}>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          height: BREAKDOWN_ROW,
          fontWeight: 600,
        }}
      >
        <span>Last 6 months</span>
        {sum === undefined ? (
          <LoadingBlock height={20} width={90} />
        ) : (
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(sum)}</span>
        )}
      </div>
      {!rows ? (
        <LoadingBlock height={BREAKDOWN_ROW * months} label="Loading the months" />
      ) : (
        <dl aria-label="Spent per month" style={{ margin: 0 }}>
          {[...rows].reverse().map((row) => (
            <div
              key={row.date}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                height: BREAKDOWN_ROW,
                borderTop: `1px solid ${token.colorSplit}`,
              }}
            >
              <dt style={{ color: token.colorTextSecondary }}>{periodLabel('month', row.date)}</dt>
              <dd style={{ margin: 0, fontVariantNumeric: 'tabular-nums' }}>{formatMoney(Number(row.amount))}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function TotalAmountSpent({ userId }: { userId: number }) {
  const path = `/api/users/${userId}/expenses/analytics`;
  const total = useAnalyticsTotal(path);
  const months = useAnalytics(path, MEMBER_MONTHS);
  return (
    <KpiCard
      title="Total Amount Spent"
      value={total.data}
      failed={total.isError && total.data === undefined}
      onRetry={() => void total.refetch()}
      chart={
        months.data ? (
          <Sparkline
            rows={months.data}
            unit="month"
            name="Spent per month"
            color={SERIES_COLORS.spending}
            height={KPI_CHART_HEIGHT}
            kind="bar"
          />
        ) : months.isError ? null : (
          <LoadingBlock height={KPI_CHART_HEIGHT} label="Loading the chart" />
        )
      }
      caption="All time, net of refunds"
    >
      <MonthlyBreakdown rows={months.data} />
    </KpiCard>
  );
}

/** The member's own dashboard of PRODUCT.md §2 (the greeting is above it). */
export function MemberDashboard() {
  const me = useCurrentUser();
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <AvailableToSpend userId={me.id} />
        </Col>
        <Col xs={24} xl={8}>
          <TotalAmountSpent userId={me.id} />
        </Col>
      </Row>
      <RecentDeclines userId={me.id} />
      <ApprovedRequests userId={me.id} />
    </Flex>
  );
}
