import { Card, Col, Flex, Progress, Row, Table, Typography, type TableColumnsType } from 'antd';
import type { AnalyticsTopRow } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { RangeMenu } from '../../../components/RangeMenu';
import { DEFAULT_CHART_RANGE, type ChartRangeKey } from '../../../lib/analytics';
import { formatDay } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-media-query';
import { useTopRows, useTotal, type TopKind } from '../api/analytics';
import { rangePhrase, windowOf } from '../ranges';
import { RankedBarChart, rankedChartHeight } from './RankedBarChart';

interface Props {
  kind: Exclude<TopKind, 'cardBalances'>;
  /** 'Cardholder', 'Category', 'Team'. */
  noun: string;
  /** 'Cardholders', 'Categories', 'Teams'. */
  plural: string;
  /** 'Spending by cardholder'. */
  title: string;
  limit: number;
  emptyText: string;
}

interface TableRow {
  key: string;
  rank: number | null;
  label: string;
  amount: number;
}

const TABLE_HEIGHT = 420;

/**
 * Users, Categories and Teams: spending in the range menu's window ranked by who or what it went to, as bars and as
 * a table with each row's share of all spending (the rest gathered in one line).
 */
export function RankedBreakdownTab({ kind, noun, plural, title, limit, emptyText }: Props) {
  const [rangeKey, setRangeKey] = useState<ChartRangeKey>(DEFAULT_CHART_RANGE);
  const window = useMemo(() => windowOf(rangeKey), [rangeKey]);
  const top = useTopRows(kind, window, limit);
  const total = useTotal('spending', window);
  const rows = useMemo<AnalyticsTopRow[]>(() => top.data ?? [], [top.data]);

  const tableRows = useMemo<TableRow[]>(() => {
    const ranked = rows.map((row, index) => ({
      key: `${row.id ?? 'none'}-${index}`,
      rank: index + 1,
      label: row.label,
      amount: row.amount,
    }));
    const rest = (total.data ?? 0) - rows.reduce((sum, row) => sum + row.amount, 0);
    return rest > 0 && rows.length >= limit
      ? [...ranked, { key: 'rest', rank: null, label: `All other ${plural.toLowerCase()}`, amount: rest }]
      : ranked;
  }, [rows, total.data, limit, plural]);

  const mobile = useIsMobile();
  const shareOf = (row: TableRow) => (total.data ? Math.round((row.amount / total.data) * 1000) / 10 : 0);
  const columns: TableColumnsType<TableRow> = [
    { title: '#', key: 'rank', width: mobile ? 32 : 56, render: (_, row) => row.rank ?? '' },
    {
      title: noun,
      key: 'label',
      render: (_, row) =>
        row.rank === null ? <Typography.Text type="secondary">{row.label}</Typography.Text> : row.label,
    },
    {
      title: 'Spending',
      key: 'amount',
      align: 'right',
      render: (_, row) => (
        <>
          <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(row.amount)}</span>
          {/* On a phone the share goes under the amount: a bar beside it doesn't fit. */}
          {mobile && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}>
              {`${shareOf(row)}% of spending`}
            </Typography.Text>
          )}
        </>
      ),
    },
    ...(mobile
      ? []
      : [
          {
            title: 'Share of Spending',
            key: 'share',
            // The bar takes the room left, so the column always fits its half of the screen.
            width: '40%',
            render: (_: unknown, row: TableRow) => {
              const share = shareOf(row);
              return (
                <Progress
                  percent={share}
                  size="small"
                  format={(value) => `${value}%`}
                  style={{ width: '100%', minWidth: 100, margin: 0 }}
                  aria-label={`${share}% of spending`}
                />
              );
            },
          },
        ]),
  ];

  const loading = top.isPending;
  const failed = top.isError && !top.data;
  const chartHeight = rankedChartHeight(limit);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {`In ${rangePhrase(rangeKey)} (${formatDay(window.from)} to ${formatDay(window.to)})`}
            {total.data !== undefined && ` · ${formatMoney(total.data)} spent in all`}
          </Typography.Text>
        </div>
        <RangeMenu value={rangeKey} onChange={setRangeKey} label={`${title} range`} />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={<h3 style={{ margin: 0, fontSize: 15 }}>{`Top ${plural}`}</h3>} style={{ height: '100%' }}>
            {loading ? (
              <LoadingBlock height={chartHeight} label={`Loading ${title}`} />
            ) : failed ? (
              <LoadFailed height={chartHeight} onRetry={() => void top.refetch()} what={title.toLowerCase()} />
            ) : (
              <RankedBarChart rows={rows} label={`${title}, ${rangePhrase(rangeKey)}`} emptyText={emptyText} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={<h3 style={{ margin: 0, fontSize: 15 }}>{`${noun} Breakdown`}</h3>} style={{ height: '100%' }}>
            {loading ? (
              <LoadingBlock height={TABLE_HEIGHT} label={`Loading the ${noun.toLowerCase()} table`} />
            ) : (
              <Table<TableRow>
                size="small"
                rowKey="key"
                columns={columns}
                dataSource={failed ? [] : tableRows}
                pagination={tableRows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                locale={{ emptyText }}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
