import { Card, Tag, Typography, type TableColumnsType } from 'antd';
import { PAGE_SIZES, merchantCategoryName, type HoldResource } from '@wallet/contract';
import { useState } from 'react';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { formatMoney } from '../../../lib/format';
import { formatUnixDateTime } from '../../../lib/dates';
import {
  useCardExpenses,
  useCardPendingHolds,
  useUpdateTransactionMemo,
  type CardExpense,
} from '../api/card-transactions';
import { EditableNote } from '../../../components/EditableNote';
import { TransactionLockIcon } from '../../../components/TransactionLockIcon';
import { transactionLockReason } from '../../../lib/transaction-lock';
import { ReceiptCell, transactionLabel } from '../../receipts';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function merchantName(merchant: { name?: string | null } | null | undefined): string {
  return merchant?.name || 'Unknown merchant';
}

function walletName(wallet: string | null): string {
  if (!wallet) return '—';
  return wallet
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const nowrap = 'list-table-nowrap';
const categoryOf = (merchant: { category?: string | null } | null | undefined) =>
  merchantCategoryName(merchant?.category) ?? '—';
const typeTag = (expense: CardExpense) =>
  expense.type === 'refund' ? <Tag color="green">Refund</Tag> : <Tag>Capture</Tag>;

const holdColumns: TableColumnsType<HoldResource> = [
  { title: 'Date', key: 'date', className: nowrap, render: (_, hold) => formatUnixDateTime(hold.stripe_created) },
  { title: 'Merchant', key: 'merchant', render: (_, hold) => merchantName(hold.merchant_data) },
  {
    title: 'Category',
    key: 'category',
    render: (_, hold) => merchantCategoryName(hold.merchant_data?.category) ?? '—',
  },
  { title: 'Digital Wallet', key: 'wallet', render: (_, hold) => walletName(hold.wallet) },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    render: (_, hold) => <span style={money}>{formatMoney(hold.amount)}</span>,
  },
];

/** When it was posted, and a lock when its month is closed (issue 21.6). */
function Posted({ expense }: { expense: CardExpense }) {
  const lockReason = transactionLockReason(expense);
  return (
    <>
      {formatUnixDateTime(expense.stripe_created)}
      {lockReason && (
        <>
          {' '}
          <TransactionLockIcon reason={lockReason} />
        </>
      )}
    </>
  );
}

const expenseColumns: TableColumnsType<CardExpense> = [
  {
    title: 'Posted Date',
    key: 'posted',
    className: nowrap,
    render: (_, expense) => <Posted expense={expense} />,
  },
  { title: 'Merchant', key: 'merchant', render: (_, expense) => merchantName(expense.merchant_data) },
  {
    title: 'Category',
    key: 'category',
    render: (_, expense) => merchantCategoryName(expense.merchant_data?.category) ?? '—',
  },
  {
    title: 'Type',
    key: 'type',
    render: (_, expense) => typeTag(expense),
  },
  { title: 'Digital Wallet', key: 'wallet', render: (_, expense) => walletName(expense.wallet) },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    render: (_, expense) => <span style={money}>{formatMoney(expense.amount)}</span>,
  },
  { title: 'Memo', key: 'memo', render: (_, expense) => <Memo expense={expense} /> },
  { title: 'Receipt', key: 'receipt', render: (_, expense) => <Receipt expense={expense} /> },
];

/** The holder (or an admin) writes what a purchase was for, in place (issue 21.5). */
function Memo({ expense }: { expense: CardExpense }) {
  const update = useUpdateTransactionMemo();
  return (
    <EditableNote
      notes={expense.notes}
      editable
      required={expense.memo_required ?? false}
      lockedReason={transactionLockReason(expense)}
      saving={update.isPending}
      save={(notes, done) => update.mutate({ id: expense.id, notes }, { onSuccess: done })}
    />
  );
}

/** The card's holder or an admin is reading this page: both may attach its receipts (the server checks again). */
function Receipt({ expense }: { expense: CardExpense }) {
  return (
    <ReceiptCell
      expenseId={expense.id}
      transaction={transactionLabel(expense)}
      receipt={expense.receipt ?? null}
      status={expense.receipt_status}
      canEdit
      lockedReason={transactionLockReason(expense)}
    />
  );
}

/** On a phone: the merchant and amount on top, when, category, type and wallet below. */
const holdItem = {
  label: 'Transaction',
  render: (hold: HoldResource) => (
    <StackedItem
      title={merchantName(hold.merchant_data)}
      aside={<span style={money}>{formatMoney(hold.amount)}</span>}
      fields={[
        { label: 'Date', value: formatUnixDateTime(hold.stripe_created) },
        { label: 'Category', value: categoryOf(hold.merchant_data) },
        { label: 'Digital Wallet', value: walletName(hold.wallet) },
      ]}
    />
  ),
};

const expenseItem = {
  label: 'Transaction',
  render: (expense: CardExpense) => (
    <StackedItem
      title={merchantName(expense.merchant_data)}
      aside={<span style={money}>{formatMoney(expense.amount)}</span>}
      fields={[
        { label: 'Posted Date', value: <Posted expense={expense} /> },
        { label: 'Category', value: categoryOf(expense.merchant_data) },
        { label: 'Type', value: typeTag(expense) },
        { label: 'Digital Wallet', value: walletName(expense.wallet) },
        { label: 'Memo', value: <Memo expense={expense} />, wide: true },
        { label: 'Receipt', value: <Receipt expense={expense} /> },
      ]}
    />
  ),
};

function errorText(error: unknown): string {
  return `These transactions could not be loaded. ${error instanceof Error ? error.message : ''}`.trim();
}

/** Pending Transactions: the card's open authorisation holds, 5 a page. */
export function PendingTransactions({ cardId }: { cardId: number }) {
  const holds = useCardPendingHolds(cardId);
  return (
    <Card title="Pending Transactions">
      <ListTable<HoldResource>
        rowKey="id"
        size="middle"
        columns={holdColumns}
        stacked={holdItem}
        dataSource={holds.data?.data}
        loading={holds.isPending}
        pagination={{ pageSize: PAGE_SIZES.cardExpenses, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{
          emptyText: holds.isError ? (
            <Typography.Text type="danger">{errorText(holds.error)}</Typography.Text>
          ) : (
            'No pending transactions'
          ),
        }}
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
      <ListTable<CardExpense>
        rowKey="id"
        size="middle"
        columns={expenseColumns}
        stacked={expenseItem}
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
        locale={{
          emptyText: expenses.isError ? (
            <Typography.Text type="danger">{errorText(expenses.error)}</Typography.Text>
          ) : (
            'No posted transactions'
          ),
        }}
      />
    </Card>
  );
}
