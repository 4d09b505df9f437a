import { Col, Flex, Progress, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { Sparkline } from '../../../components/charts/Sparkline';
import { rangeFilter, chartRange, DEFAULT_CHART_RANGE, CHART_RANGES } from '../../../lib/analytics';
import { paths } from '../../../paths';
import { useAnalytics } from '../api/get-analytics';
import { useKpi } from '../api/get-kpi';
import { SERIES_COLORS } from '../colors';
import { KPI_CHART_HEIGHT, KpiCard } from '../KpiCard';

const SIX_MONTHS = chartRange(DEFAULT_CHART_RANGE);
const THIRTY_DAYS = CHART_RANGES[0];

function SeriesSparkline({
  path,
  range,
  name,
  color,
  kind,
}: {
  path: string;
  range: typeof SIX_MONTHS | typeof THIRTY_DAYS;
  name: string;
  color: string;
  kind: 'area' | 'bar';
}) {
  const series = useAnalytics(path, rangeFilter(range));
  if (series.isError && !series.data)
    return <LoadFailed height={KPI_CHART_HEIGHT} onRetry={() => void series.refetch()} what="the chart" />;
  if (!series.data) return <LoadingBlock height={KPI_CHART_HEIGHT} label={`Loading ${name}`} />;
  return (
    <Sparkline rows={series.data} unit={range.unit} name={name} color={color} height={KPI_CHART_HEIGHT} kind={kind} />
  );
}

/** How much of all the organisation's funds sits on active cards, as a bar, with a link to the cards. */
function AssignedShare({ assigned, available }: { assigned: number; available: number }) {
  const all = assigned + available;
  const percent = all > 0 ? Math.round((assigned / all) * 100) : 0;
  return (
    <Flex vertical justify="space-between" style={{ height: '100%' }}>
      <Progress
        percent={percent}
        showInfo={false}
        strokeColor={SERIES_COLORS.balance}
        aria-label={`${percent}% of all funds are on cards`}
      />
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12 }}
        >{`${percent}% of all funds are on cards`}</Typography.Text>
        <Link to={paths.cards} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          View Cards
        </Link>
      </Flex>
    </Flex>
  );
}

/** Total Available Balance (with its 6-month chart), Last 30 Spend (with its daily chart), Total Assigned Out. */
export function KpiCards() {
  const kpi = useKpi();
  const failed = kpi.isError && !kpi.data;
  const retry = () => void kpi.refetch();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <KpiCard
          title="Total Available Balance"
          value={kpi.data?.issuing_available}
          failed={failed}
          onRetry={retry}
          chart={
            <SeriesSparkline
              path="/api/wallet-balances/analytics"
              range={SIX_MONTHS}
              name="Available balance, month end"
              color={SERIES_COLORS.balance}
              kind="area"
            />
          }
          caption="Funds not yet on cards · last 6 months"
        />
      </Col>
      <Col xs={24} md={8}>
        <KpiCard
          title="Last 30 Spend"
          value={kpi.data?.last_30_spend}
          failed={failed}
          onRetry={retry}
          chart={
            <SeriesSparkline
              path="/api/expenses/analytics"
              range={THIRTY_DAYS}
              name="Spend per day"
              color={SERIES_COLORS.spending}
              kind="bar"
            />
          }
          caption="Net card spend per day, last 30 days"
        />
      </Col>
      <Col xs={24} md={8}>
        <KpiCard
          title="Total Assigned Out"
          value={kpi.data?.assigned_out}
          failed={failed}
          onRetry={retry}
          chart={
            kpi.data ? (
              <AssignedShare assigned={kpi.data.assigned_out} available={kpi.data.issuing_available} />
            ) : (
              <LoadingBlock height={KPI_CHART_HEIGHT} label="Loading" />
            )
          }
          caption="Spending limits of all active cards"
        />
      </Col>
    </Row>
  );
}
