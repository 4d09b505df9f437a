import { Card, Col, Flex, Row, Typography, type TableColumnsType } from 'antd';
import { REPORT_TEXTS } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { RangeMenu } from '../../../components/RangeMenu';
import { MoneyChart } from '../../../components/charts/MoneyChart';
import { DEFAULT_CHART_RANGE, chartRange, type AnalyticsRow, type ChartRangeKey } from '../../../lib/analytics';
import { periodLabel } from '../../../lib/chart-format';
import { formatMoney } from '../../../lib/format';
import { useSeries } from '../api/analytics';
import { REPORT_COLORS } from '../colors';

const CHART_HEIGHT = 300;
const TABLE_HEIGHT = 440;

interface PeriodRow {
  date: string;
  funding: number;
  allocations: number;
  balance: number | undefined;
}

const amountOf = (rows: readonly AnalyticsRow[] | undefined) =>
  new Map((rows ?? []).map((row) => [row.date, Number(row.amount)]));
const money = (cents: number | undefined) => (
  <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
    {cents === undefined ? '—' : formatMoney(cents)}
  </span>
);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
        {label}
      </Typography.Text>
      <Typography.Text style={{ fontSize: 20, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography.Text>
    </div>
  );
}

/**
 * Funding: money added to the organisation (top-ups) and allocated to cards per day or month, and the unallocated
 * funds at the end of each, as a chart and a table, over the range menu's window.
 */
export function FundingTab() {
  const [rangeKey, setRangeKey] = useState<ChartRangeKey>(DEFAULT_CHART_RANGE);
  const range = chartRange(rangeKey);
  const funding = useSeries('funding', range);
  const allocations = useSeries('allocations', range);
  const balance = useSeries('balance', range);
  const loading = funding.isPending || allocations.isPending;
  const failed = (funding.isError && !funding.data) || (allocations.isError && !allocations.data);

  const periods = useMemo<PeriodRow[]>(() => {
    const allocated = amountOf(allocations.data);
    const balances = amountOf(balance.data);
    return (funding.data ?? [])
      .map((row) => ({
        date: row.date,
        funding: Number(row.amount),
        allocations: allocated.get(row.date) ?? 0,
        balance: balances.get(row.date),
      }))
      .reverse();
  }, [funding.data, allocations.data, balance.data]);
  const totalFunding = periods.reduce((sum, row) => sum + row.funding, 0);
  const totalAllocated = periods.reduce((sum, row) => sum + row.allocations, 0);
  const closing = periods[0]?.balance;

  const columns: TableColumnsType<PeriodRow> = [
    {
      title: range.unit === 'day' ? 'Day' : 'Month',
      key: 'date',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{periodLabel(range.unit, row.date)}</span>,
    },
    { title: 'Top-ups', key: 'funding', align: 'right', render: (_, row) => money(row.funding) },
    { title: 'Allocated to Cards', key: 'allocations', align: 'right', render: (_, row) => money(row.allocations) },
    { title: 'Net Change', key: 'net', align: 'right', render: (_, row) => money(row.funding - row.allocations) },
    { title: 'Unallocated at End', key: 'balance', align: 'right', render: (_, row) => money(row.balance) },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            Funding
          </Typography.Title>
          <Typography.Text type="secondary">{`Top-ups and allocations to cards, ${range.unit === 'day' ? 'day' : 'month'} by ${range.unit === 'day' ? 'day' : 'month'}`}</Typography.Text>
        </div>
        <RangeMenu value={rangeKey} onChange={setRangeKey} label="Funding range" />
      </Flex>
      <Card>
        <Row gutter={[24, 12]} style={{ marginBottom: 12 }}>
          <Col xs={12} md={8}>
            <Figure label={REPORT_TEXTS.totalFunding} value={loading ? '…' : formatMoney(totalFunding)} />
          </Col>
          <Col xs={12} md={8}>
            <Figure label="Allocated to Cards" value={loading ? '…' : formatMoney(totalAllocated)} />
          </Col>
          <Col xs={24} md={8}>
            <Figure label="Unallocated Now" value={closing === undefined ? '—' : formatMoney(closing)} />
          </Col>
        </Row>
        {loading ? (
          <LoadingBlock height={CHART_HEIGHT} label="Loading the funding chart" />
        ) : failed ? (
          <LoadFailed
            height={CHART_HEIGHT}
            what="the funding chart"
            onRetry={() => {
              void funding.refetch();
              void allocations.refetch();
            }}
          />
        ) : (
          <MoneyChart
            height={CHART_HEIGHT}
            unit={range.unit}
            label={`Top-ups, allocations to cards and unallocated funds, ${range.label}`}
            emptyText="No funding in this range"
            series={[
              { key: 'funding', name: 'Top-ups', rows: funding.data ?? [], color: REPORT_COLORS.funding, kind: 'bar' },
              {
                key: 'allocations',
                name: 'Allocated to Cards',
                rows: allocations.data ?? [],
                color: REPORT_COLORS.allocations,
                kind: 'bar',
              },
              {
                key: 'balance',
                name: 'Unallocated',
                rows: balance.data ?? [],
                color: REPORT_COLORS.balance,
                kind: 'line',
              },
            ]}
          />
        )}
      </Card>
      <Card title={<h3 style={{ margin: 0, fontSize: 15 }}>{range.unit === 'day' ? 'By Day' : 'By Month'}</h3>}>
        {loading ? (
          <LoadingBlock height={TABLE_HEIGHT} label="Loading the funding table" />
        ) : (
          <ListTable<PeriodRow>
            size="small"
            rowKey="date"
            columns={columns}
            dataSource={failed ? [] : periods}
            pagination={periods.length > 12 ? { pageSize: 10, showSizeChanger: false } : false}
            locale={{ emptyText: 'No funding in this range' }}
            stacked={{
              label: range.unit === 'day' ? 'Day' : 'Month',
              render: (row) => (
                <StackedItem
                  title={periodLabel(range.unit, row.date)}
                  fields={[
                    { label: 'Top-ups', value: money(row.funding) },
                    { label: 'Allocated to Cards', value: money(row.allocations) },
                    { label: 'Net Change', value: money(row.funding - row.allocations) },
                    { label: 'Unallocated at End', value: money(row.balance) },
                  ]}
                />
              ),
            }}
          />
        )}
      </Card>
    </Flex>
  );
}
