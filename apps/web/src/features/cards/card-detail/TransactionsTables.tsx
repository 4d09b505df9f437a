import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PAGE_SIZES, merchantCategoryName, type HoldResource } from '@wallet/contract';
import { useState } from 'react';
import { formatMoney, formatUnixDateTime } from '../../../lib/format';
import { useCardExpenses, useCardPendingHolds, type CardExpense } from '../api/card-transactions';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function merchantName(merchant: { name?: string | null } | null | undefined): string {
  return merchant?.name || 'Unknown merchant';
}

function walletName(wallet: string | null): string {
  if (!wallet) return '—';
  return wallet.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

const holdColumns: TableColumnsType<HoldResource> = [
  { title: 'Date', key: 'date', render: (_, hold) => formatUnixDateTime(hold.stripe_created) },
  { title: 'Merchant', key: 'merchant', render: (_, hold) => merchantName(hold.merchant_data) },
  { title: 'Category', key: 'category', render: (_, hold) => merchantCategoryName(hold.merchant_data?.category) ?? '—' },
  { title: 'Digital Wallet', key: 'wallet', render: (_, hold) => walletName(hold.wallet) },
  { title: 'Amount', key: 'amount', align: 'right', render: (_, hold) => <span style={money}>{formatMoney(hold.amount)}</span> },
];

const expenseColumns: TableColumnsType<CardExpense> = [
  { title: 'Posted Date', key: 'posted', render: (_, expense) => formatUnixDateTime(expense.stripe_created) },
  { title: 'Merchant', key: 'merchant', render: (_, expense) => merchantName(expense.merchant_data) },
  { title: 'Category', key: 'category', render: (_, expense) => merchantCategoryName(expense.merchant_data?.category) ?? '—' },
  {
    title: 'Type',
    key: 'type',
    render: (_, expense) => (expense.type === 'refund' ? <Tag color="green">Refund</Tag> : <Tag>Capture</Tag>),
  },
  { title: 'Digital Wallet', key: 'wallet', render: (_, expense) => walletName(expense.wallet) },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    render: (_, expense) => <span style={money}>{formatMoney(expense.amount)}</span>,
  },
];

function errorText(error: unknown): string {
  return `These transactions could not be loaded. ${error instanceof Error ? error.message : ''}`.trim();
}

/** Pending Transactions: the card's open authorisation holds, 5 a page. */
export function PendingTransactions({ cardId }: { cardId: number }) {
  const holds = useCardPendingHolds(cardId);
  return (
    <Card title="Pending Transactions">
      <Table<HoldResource>
        rowKey="id"
        size="middle"
        columns={holdColumns}
        dataSource={holds.data?.data}
        loading={holds.isPending}
        pagination={{ pageSize: PAGE_SIZES.cardExpenses, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 640 }}
        locale={{ emptyText: holds.isError ? <Typography.Text type="danger">{errorText(holds.error)}</Typography.Text> : 'No pending transactions' }}
      />
    </Card>
  );
}

/** Posted Transactions: captures and refunds of the card, newest first, 5 a page from the server. */
export function PostedTransactions({ cardId }: { cardId: number }) {
  const [page, setPage] = useState(1);
  const expenses = useCardExpenses(cardId, page);
  return (
    <Card title="Posted Transactions">
      <Table<CardExpense>
        rowKey="id"
        size="middle"
        columns={expenseColumns}
        dataSource={expenses.data?.data}
        loading={expenses.isFetching}
        pagination={{
          current: page,
          pageSize: PAGE_SIZES.cardExpenses,
          total: expenses.data?.meta.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        scroll={{ x: 720 }}
        locale={{ emptyText: expenses.isError ? <Typography.Text type="danger">{errorText(expenses.error)}</Typography.Text> : 'No posted transactions' }}
      />
    </Card>
  );
}
