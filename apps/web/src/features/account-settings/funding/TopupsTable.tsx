import { Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PAGE_SIZES, TOPUP_REVERSED_HINT, type ListMeta, type TopupResource } from '@wallet/contract';
import type { ReactNode } from 'react';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { TableLoading } from '../../../components/TableLoading';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';

/** Narrow enough that the table's four columns would not fit. */
export const PHONE_QUERY = '(max-width: 575px)';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const STATUS_TAGS: Record<TopupResource['status'], { color: string; label: string; hint: string }> = {
  succeeded: { color: 'green', label: 'Added', hint: 'In your unallocated funds.' },
  pending: {
    color: 'gold',
    label: 'Pending',
    hint: 'Waiting for the card issuer to confirm it; added to your funds once it succeeds.',
  },
  failed: { color: 'red', label: 'Failed', hint: 'The card issuer refused this top-up; nothing was added.' },
  reversed: { color: 'volcano', label: 'Reversed', hint: TOPUP_REVERSED_HINT },
};

export function TopupStatusTag({ status, reason }: { status: TopupResource['status']; reason?: string | null }) {
  const tag = STATUS_TAGS[status];
  return (
    <Tooltip
      title={
        status === 'failed' && reason ? `The card issuer refused this top-up: ${reason} Nothing was added.` : tag.hint
      }
    >
      <Tag color={tag.color} style={{ marginInlineEnd: 0 }}>
        {tag.label}
      </Tag>
    </Tooltip>
  );
}

/** A refused top-up says why, in the card issuer's words, under its description. */
function FailureReason({ topup }: { topup: TopupResource }) {
  if (topup.status !== 'failed' || !topup.failure_message) return null;
  return (
    <Typography.Text
      type="danger"
      style={{ display: 'block', fontSize: 12 }}
      ellipsis={{ tooltip: topup.failure_message }}
    >
      {topup.failure_message}
    </Typography.Text>
  );
}

const columns: TableColumnsType<TopupResource> = [
  {
    title: 'Date',
    key: 'date',
    width: 170,
    render: (_, topup) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(topup.created_at)}</span>,
  },
  {
    title: 'Description',
    key: 'description',
    ellipsis: { showTitle: true },
    render: (_, topup) => (
      <>
        {topup.description}
        <FailureReason topup={topup} />
      </>
    ),
  },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    width: 140,
    render: (_, topup) => <span style={money}>{formatMoney(topup.amount)}</span>,
  },
  {
    title: 'Status',
    key: 'status',
    width: 100,
    render: (_, topup) => <TopupStatusTag status={topup.status} reason={topup.failure_message} />,
  },
];

/** On a phone: what and when on the left, how much and its status on the right. */
const stacked = {
  label: 'Top-up',
  render: (topup: TopupResource) => (
    <StackedItem
      title={
        <>
          <Typography.Text ellipsis={{ tooltip: topup.description }} style={{ fontWeight: 400 }}>
            {topup.description}
          </Typography.Text>
          <FailureReason topup={topup} />
        </>
      }
      subtitle={formatDateTime(topup.created_at)}
      aside={
        <>
          <span style={money}>{formatMoney(topup.amount)}</span>
          <TopupStatusTag status={topup.status} reason={topup.failure_message} />
        </>
      }
    />
  ),
};

interface Props {
  rows: TopupResource[] | undefined;
  meta: ListMeta | undefined;
  loading: boolean;
  fetching: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  empty: ReactNode;
}

/** Recent top-ups, newest first, a page at a time from the server. */
export function TopupsTable({ rows, meta, loading, fetching, page, pageSize, onPage, empty }: Props) {
  if (loading) return <TableLoading rows={5} />;
  return (
    <ListTable<TopupResource>
      rowKey="id"
      size="middle"
      columns={columns}
      stacked={stacked}
      dataSource={rows}
      loading={fetching}
      locale={{ emptyText: empty }}
      pagination={{
        current: page,
        pageSize,
        total: meta?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.tableOptions.map(String),
        showTotal: (total, [from, to]) => `${from}-${to} of ${total}`,
        hideOnSinglePage: (meta?.total ?? 0) <= PAGE_SIZES.tableOptions[0],
        responsive: true,
        onChange: onPage,
      }}
    />
  );
}
