import { Card, Col, Row, Typography } from 'antd';
import { REPORT_TEXTS } from '@wallet/contract';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { MoneyChart } from '../../../components/charts/MoneyChart';
import { chartRange, type AnalyticsRow } from '../../../lib/analytics';
import { formatMoney } from '../../../lib/format';
import { useSeries } from '../api/analytics';
import { REPORT_COLORS } from '../colors';

/** The chart's least height; beside Stats & Insights on a wide screen it grows to fill the card. */
const CHART_HEIGHT = 280;
/** PRODUCT.md §2 and §9: this chart covers the last 6 months. */
export const SIX_MONTHS = chartRange('6m');

const sum = (rows: readonly AnalyticsRow[] | undefined) =>
  (rows ?? []).reduce((total, row) => total + Number(row.amount), 0);

function Total({
  label,
  rows,
  loading,
  color,
}: {
  label: string;
  rows: readonly AnalyticsRow[] | undefined;
  loading: boolean;
  color: string;
}) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 13 }}>
        <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: color }} />
        {label}
      </Typography.Text>
      {loading ? (
        <LoadingBlock height={32} width={120} label={`Loading ${label}`} />
      ) : (
        <Typography.Text
          style={{
            display: 'block',
            fontSize: 20,
            lineHeight: '32px',
            fontWeight: 600,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {rows ? formatMoney(sum(rows)) : '—'}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * The space left in the card, at least `min` tall, for content of a numeric height (the chart). The content sits
 * over the space (absolutely), so its own height never feeds back into the card's.
 */
function FillHeight({ min, children }: { min: number; children: (height: number) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) =>
      setHeight(Math.max(min, Math.floor(entry?.contentRect.height ?? min))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [min]);
  return (
    <div ref={ref} style={{ flex: '1 1 auto', minHeight: min, position: 'relative' }}>
      <div style={{ position: 'absolute', inset: 0 }}>{children(height)}</div>
    </div>
  );
}

/** The last 6 months of funding and spending, month by month, with both totals (PRODUCT.md §2). */
export function FundingSpendingChart() {
  const funding = useSeries('funding', SIX_MONTHS);
  const spending = useSeries('spending', SIX_MONTHS);
  const loading = funding.isPending || spending.isPending;
  const failed = (funding.isError && !funding.data) || (spending.isError && !spending.data);

  return (
    <Card
      title={
        <h2 style={{ margin: 0, padding: '12px 0', fontSize: 16, fontWeight: 600, whiteSpace: 'normal' }}>
          Funding and Spending, Last 6 Months
        </h2>
      }
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: '1 1 auto', display: 'flex', flexDirection: 'column' } }}
    >
      <Row gutter={24} style={{ marginBottom: 12 }}>
        <Col>
          <Total
            label={REPORT_TEXTS.totalFunding}
            rows={funding.data}
            loading={funding.isPending}
            color={REPORT_COLORS.funding}
          />
        </Col>
        <Col>
          <Total
            label={REPORT_TEXTS.totalSpending}
            rows={spending.data}
            loading={spending.isPending}
            color={REPORT_COLORS.spending}
          />
        </Col>
      </Row>
      {loading ? (
        <LoadingBlock height={CHART_HEIGHT} label="Loading the funding and spending chart" />
      ) : failed ? (
        <LoadFailed
          height={CHART_HEIGHT}
          what="the chart"
          onRetry={() => {
            void funding.refetch();
            void spending.refetch();
          }}
        />
      ) : (
        <FillHeight min={CHART_HEIGHT}>
          {(height) => (
            <MoneyChart
              height={height}
              unit="month"
              label="Funding and spending per month, last 6 months"
              emptyText="No funding or spending in the last 6 months"
              series={[
                {
                  key: 'funding',
                  name: 'Funding',
                  rows: funding.data ?? [],
                  color: REPORT_COLORS.funding,
                  kind: 'bar',
                },
                {
                  key: 'spending',
                  name: 'Spending',
                  rows: spending.data ?? [],
                  color: REPORT_COLORS.spending,
                  kind: 'bar',
                },
              ]}
            />
          )}
        </FillHeight>
      )}
    </Card>
  );
}
