import { Card, Empty, Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DECLINE_REASONS,
  DECLINE_REASON_LABELS,
  type DeclineReason,
  type ListResponse,
  type ReportDecline,
} from '@wallet/contract';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { LoadFailed } from '../../../components/LoadFailed';
import { TableLoading } from '../../../components/TableLoading';
import { http } from '../../../lib/http';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';

const PAGE_SIZE = 10;
const nowrap = { whiteSpace: 'nowrap' } as const;
const reasonOptions = DECLINE_REASONS.filter((reason) => reason !== 'card_not_found').map((reason) => ({
  value: reason,
  label: DECLINE_REASON_LABELS[reason],
}));

/** GET /api/declines: the organisation's declined purchases (issue 20.6), a page at a time, by reason. */
function useDeclines(reasons: DeclineReason[], page: number) {
  return useQuery({
    queryKey: ['cards', 'declines', 'report', reasons, page],
    queryFn: ({ signal }) =>
      http.get<ListResponse<ReportDecline>>('/api/declines', {
        query: {
          ...(reasons.length ? { 'filter[reason]': reasons.join(',') } : {}),
          'page[number]': page,
          'page[size]': PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const cardOf = (row: ReportDecline) => `${row.card.nickname ?? row.card.name} •••• ${row.card.last4}`;

const columns: TableColumnsType<ReportDecline> = [
  { title: 'Date', key: 'date', render: (_, row) => <span style={nowrap}>{formatDateTime(row.created_at)}</span> },
  { title: 'Cardholder', key: 'user', render: (_, row) => row.user?.name || '—' },
  { title: 'Card', key: 'card', render: (_, row) => cardOf(row) },
  { title: 'Merchant', key: 'merchant', render: (_, row) => row.merchant_data?.name || '—' },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    render: (_, row) => (
      <span style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}>{formatMoney(row.requested_amount)}</span>
    ),
  },
  {
    title: 'Reason',
    key: 'reason',
    className: 'list-table-fill',
    render: (_, row) => (
      <Flex vertical gap={2}>
        <Tag color="red" style={{ alignSelf: 'flex-start' }}>
          {DECLINE_REASON_LABELS[row.decline_reason as DeclineReason] ?? row.decline_reason}
        </Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.decline_explanation}
        </Typography.Text>
      </Flex>
    ),
  },
];

const stacked = {
  label: 'Declined purchase',
  render: (row: ReportDecline) => (
    <StackedItem
      title={row.merchant_data?.name || '—'}
      aside={<span style={nowrap}>{formatMoney(row.requested_amount)}</span>}
      fields={[
        { label: 'Date', value: formatDateTime(row.created_at) },
        { label: 'Cardholder', value: row.user?.name || '—' },
        { label: 'Card', value: cardOf(row) },
        { label: 'Reason', value: row.decline_explanation, wide: true },
      ]}
    />
  ),
};

/** Reports & Insights' declined purchases: why cards were refused, filterable by reason. */
export function DeclinesCard() {
  const [reasons, setReasons] = useState<DeclineReason[]>([]);
  const [page, setPage] = useState(1);
  const declines = useDeclines(reasons, page);
  let emptyText;
  if (declines.isPending) emptyText = <TableLoading rows={5} />;
  else if (declines.isError && !declines.data)
    emptyText = <LoadFailed height={200} onRetry={() => void declines.refetch()} what="the declined purchases" />;
  else
    emptyText = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={reasons.length ? 'No declined purchases for these reasons' : 'No declined purchases'}
      />
    );
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>Declined Purchases</h2>}>
      <Select<DeclineReason[]>
        mode="multiple"
        allowClear
        aria-label="Filter by decline reason"
        placeholder="Reason"
        maxTagCount="responsive"
        options={reasonOptions}
        value={reasons}
        onChange={(values) => {
          setReasons(values);
          setPage(1);
        }}
        style={{ width: '100%', maxWidth: 360, marginBottom: 16 }}
      />
      <ListTable<ReportDecline>
        size="middle"
        rowKey="id"
        columns={columns}
        stacked={stacked}
        dataSource={declines.data?.data}
        loading={declines.isFetching && !declines.isPending}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: declines.data?.meta.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={{ emptyText }}
      />
    </Card>
  );
}
