import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { LoadingBlock } from '../../components/LoadingBlock';
import { formatMoney } from '../../lib/format';

export const KPI_FIGURE_HEIGHT = 36;
export const KPI_CHART_HEIGHT = 56;

interface Props {
  title: string;
  /** Cents; undefined while loading. */
  value: number | undefined;
  failed?: boolean;
  onRetry?: () => void;
  /** A small chart (or anything) under the figure, in a box of fixed height. */
  chart?: ReactNode;
  caption?: ReactNode;
  extra?: ReactNode;
  /** More under the caption (e.g. a breakdown). */
  children?: ReactNode;
}

/** A dashboard figure in dollars with a small chart and a caption; its height never depends on the data. */
export function KpiCard({ title, value, failed, onRetry, chart, caption, extra, children }: Props) {
  return (
    <Card style={{ height: '100%' }} styles={{ body: { padding: 20 } }}>
      <section aria-label={title}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, minHeight: 24 }}>
          <Typography.Title
            level={2}
            style={{ fontSize: 14, fontWeight: 500, margin: 0, color: 'rgba(0, 0, 0, 0.55)' }}
          >
            {title}
          </Typography.Title>
          {extra}
        </div>
        <div style={{ height: KPI_FIGURE_HEIGHT, marginTop: 6, display: 'flex', alignItems: 'center' }}>
          {failed ? (
            <LoadFailed height={KPI_FIGURE_HEIGHT} onRetry={onRetry ?? (() => undefined)} what="this figure" />
          ) : value === undefined ? (
            <LoadingBlock height={28} width={160} label={`Loading ${title}`} />
          ) : (
            <span
              data-testid="kpi-value"
              style={{
                fontSize: 26,
                fontWeight: 600,
                lineHeight: `${KPI_FIGURE_HEIGHT}px`,
                fontVariantNumeric: 'tabular-nums',
                whiteSpace: 'nowrap',
              }}
            >
              {formatMoney(value)}
            </span>
          )}
        </div>
        <div style={{ height: KPI_CHART_HEIGHT, marginTop: 8 }}>{chart}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 6, minHeight: 20 }}>
          {caption}
        </Typography.Text>
        {children}
      </section>
    </Card>
  );
}
