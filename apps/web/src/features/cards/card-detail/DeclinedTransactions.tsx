import { Card, Tag, Typography, type TableColumnsType } from 'antd';
import {
  CARD_CONTROLS_TEXTS,
  DECLINE_REASON_LABELS,
  PAGE_SIZES,
  declineSentence,
  type DeclineReason,
} from '@wallet/contract';
import { useMemo, useState } from 'react';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { formatMoney } from '../../../lib/format';
import { formatUnixDateTime } from '../../../lib/dates';
import type { DeclinedHold } from '../api/card-controls-types';
import { useCardDeclines } from '../api/card-declines';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const merchantName = (hold: DeclinedHold) => hold.merchant_data?.name || 'Unknown merchant';
/** What the purchase asked for: a decline held nothing. */
const askedFor = (hold: DeclinedHold) => hold.requested_amount ?? hold.amount;

export function reasonLabel(reason: string | null | undefined): string {
  return (reason && DECLINE_REASON_LABELS[reason as DeclineReason]) || 'Declined';
}

/** The server's sentence; worked out here from the code and detail when an older answer lacks it. */
function explanation(hold: DeclinedHold, last4: string): string {
  return (
    hold.decline_explanation ??
    declineSentence(hold.decline_reason ?? '', hold.decline_detail, { last4 }, new Date(hold.stripe_created * 1000))
  );
}

const reasonTag = (hold: DeclinedHold) => (
  <Tag color="red" style={{ marginInlineEnd: 0 }}>
    {reasonLabel(hold.decline_reason)}
  </Tag>
);

function errorText(error: unknown): string {
  return `These transactions could not be loaded. ${error instanceof Error ? error.message : ''}`.trim();
}

/** Declined Transactions: the card's declined authorisations, newest first, 5 a page, each with its reason. */
export function DeclinedTransactions({ cardId, last4 }: { cardId: number; last4: string }) {
  const [page, setPage] = useState(1);
  const declines = useCardDeclines(cardId, page);

  const columns: TableColumnsType<DeclinedHold> = [
    {
      title: 'Date',
      key: 'date',
      className: 'list-table-nowrap',
      render: (_, hold) => formatUnixDateTime(hold.stripe_created),
    },
    { title: 'Merchant', key: 'merchant', render: (_, hold) => merchantName(hold) },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      render: (_, hold) => <span style={money}>{formatMoney(askedFor(hold))}</span>,
    },
    { title: 'Reason', key: 'reason', className: 'list-table-nowrap', render: (_, hold) => reasonTag(hold) },
    { title: 'Why', key: 'why', className: 'list-table-fill', render: (_, hold) => explanation(hold, last4) },
  ];

  const stacked = useMemo(
    () => ({
      label: 'Declined transaction',
      render: (hold: DeclinedHold) => (
        <StackedItem
          title={merchantName(hold)}
          aside={<span style={money}>{formatMoney(askedFor(hold))}</span>}
          fields={[
            { label: 'Date', value: formatUnixDateTime(hold.stripe_created) },
            { label: 'Reason', value: reasonTag(hold) },
            { label: 'Why', value: explanation(hold, last4), wide: true },
          ]}
        />
      ),
    }),
    [last4],
  );

  return (
    <Card title={CARD_CONTROLS_TEXTS.declinedTitle}>
      <ListTable<DeclinedHold>
        rowKey="id"
        size="middle"
        columns={columns}
        stacked={stacked}
        dataSource={declines.data?.data}
        loading={declines.isFetching && !declines.data}
        pagination={{
          current: page,
          pageSize: PAGE_SIZES.cardExpenses,
          total: declines.data?.meta.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={{
          emptyText: declines.isError ? (
            <Typography.Text type="danger">{errorText(declines.error)}</Typography.Text>
          ) : (
            CARD_CONTROLS_TEXTS.noDeclines
          ),
        }}
      />
    </Card>
  );
}
