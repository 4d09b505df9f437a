import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import {
  DIGITAL_WALLETS,
  DIGITAL_WALLET_NAMES,
  EXPENSE_TYPES,
  RECEIPT_STATUSES,
  RECEIPT_STATUS_LABELS,
  REPORT_TEXTS,
  REVIEW_TEXTS,
  merchantCategoryName,
  type ExpenseResource,
} from '@wallet/contract';
import { Link } from 'react-router';
import { readableTagColor } from '../../../lib/contrast';
import { formatUnixDate, formatUnixDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { sortOrderOf, type ListState } from '../../../lib/list-query';
import { paths } from '../../../paths';
import { NotesCell } from './NotesCell';
import { ReceiptCell, transactionLabel } from '../../receipts';
import { StackedItem } from '../../../components/ListTable';
import { TransactionLockIcon } from '../../../components/TransactionLockIcon';
import { transactionLockReason } from '../../../lib/transaction-lock';

const TYPE_NAMES: Record<ExpenseResource['type'], string> = { capture: 'Capture', refund: 'Refund' };
export const typeOptions = EXPENSE_TYPES.map((type) => ({ value: type, label: TYPE_NAMES[type] }));
export const walletOptions = DIGITAL_WALLETS.map((wallet) => ({ value: wallet, label: DIGITAL_WALLET_NAMES[wallet] }));
/** The All Transactions views of admins (filter[review]; 'all' sends none). */
export const reviewViews = [
  { value: 'all', label: REVIEW_TEXTS.allView },
  { value: 'needed', label: REVIEW_TEXTS.needsReview },
  { value: 'reviewed', label: REVIEW_TEXTS.reviewed },
];
export const receiptOptions = RECEIPT_STATUSES.map((status) => ({
  value: status,
  label: RECEIPT_STATUS_LABELS[status],
}));
const none = <Typography.Text type="secondary">—</Typography.Text>;
const nowrap = { whiteSpace: 'nowrap' } as const;

/*
 * Cells shared by the columns and the phone's items.
 */
/** The day it was posted, and a lock when its month is closed (issue 21.6). */
function PostedDate({ row }: { row: ExpenseResource }) {
  const lockReason = transactionLockReason(row);
  return (
    <span style={nowrap}>
      <span title={formatUnixDateTime(row.stripe_created)}>{formatUnixDate(row.stripe_created)}</span>
      {lockReason && (
        <>
          {' '}
          <TransactionLockIcon reason={lockReason} />
        </>
      )}
    </span>
  );
}

function Amount({ row }: { row: ExpenseResource }) {
  return (
    <Typography.Text
      strong
      style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}
      type={row.amount < 0 ? 'success' : undefined}
    >
      {formatMoney(row.amount)}
    </Typography.Text>
  );
}

function CardLink({ row }: { row: ExpenseResource }) {
  return row.wallet_card ? (
    <Link
      to={paths.card(row.wallet_card.id)}
      style={nowrap}
      aria-label={`Card ${row.wallet_card.name} ending ${row.wallet_card.last4}`}
    >
      •••• {row.wallet_card.last4}
    </Link>
  ) : (
    none
  );
}

/** Whoever sees a transaction here may attach its receipt (its holder, or an admin): the server checks again. */
function Receipt({ row }: { row: ExpenseResource }) {
  return (
    <ReceiptCell
      expenseId={row.id}
      transaction={transactionLabel(row)}
      receipt={row.receipt ?? null}
      status={row.receipt_status}
      canEdit
      lockedReason={transactionLockReason(row)}
    />
  );
}

function TeamCell({ row }: { row: ExpenseResource }) {
  return row.team ? (
    <Tag color={readableTagColor(row.team.color)} style={{ marginInlineEnd: 0 }}>
      {row.team.name}
    </Tag>
  ) : (
    none
  );
}

const typeTag = (row: ExpenseResource) => (
  <Tag color={row.type === 'refund' ? 'green' : 'blue'}>{TYPE_NAMES[row.type]}</Tag>
);
/** Wraps between words ("Samsung / Pay"), as the cardholder's name does: whichever rows a page holds, it fits 1280 px. */
const walletCell = (row: ExpenseResource) => (row.wallet ? DIGITAL_WALLET_NAMES[row.wallet] : none);
/** Reviewed, flagged, or nothing (admins see it; issue 21.6). */
const reviewTag = (row: ExpenseResource) =>
  row.flagged ? (
    <Tag color="red">{REVIEW_TEXTS.flagged}</Tag>
  ) : row.reviewed_at ? (
    <Tag color="green">{REVIEW_TEXTS.reviewed}</Tag>
  ) : (
    none
  );
/** Why it is in the needs-review queue: its receipt or memo is missing, or it is flagged (issue 21.6). */
export function reviewReasons(row: ExpenseResource) {
  const reasons = [
    row.receipt_status === 'missing' && { key: 'receipt', color: 'warning', text: REVIEW_TEXTS.missingReceipt },
    row.memo_required && { key: 'memo', color: 'warning', text: REVIEW_TEXTS.missingMemo },
    row.flagged && { key: 'flagged', color: 'red', text: REVIEW_TEXTS.flagged },
  ].filter((reason) => reason !== false && reason !== undefined);
  if (reasons.length === 0) return none;
  return (
    <Flex gap={4} wrap>
      {reasons.map((reason) => (
        <Tag key={reason.key} color={reason.color} style={{ marginInlineEnd: 0 }}>
          {reason.text}
        </Tag>
      ))}
    </Flex>
  );
}
const notesCell = (row: ExpenseResource, canEditNotes: boolean) => (
  <NotesCell
    expenseId={row.id}
    notes={row.notes}
    editable={canEditNotes}
    required={row.memo_required ?? false}
    lockedReason={transactionLockReason(row)}
  />
);
const categoryName = (row: ExpenseResource) => row.wallet_category?.name ?? REPORT_TEXTS.uncategorized;

/** What the table shows: `canEditNotes` an admin's, `showReasons` the needs-review view's why. */
export interface TransactionView {
  canEditNotes: boolean;
  showReasons?: boolean;
}

/** On a phone: the merchant and amount on top, every other column below as label and value. */
export function transactionItem(row: ExpenseResource, { canEditNotes, showReasons = false }: TransactionView) {
  return (
    <StackedItem
      title={row.merchant_data?.name || '—'}
      subtitle={row.merchant_data?.category ? merchantCategoryName(row.merchant_data.category) : undefined}
      aside={<Amount row={row} />}
      fields={[
        { label: 'Posted Date', value: <PostedDate row={row} /> },
        { label: 'Cardholder', value: row.user?.name || '—' },
        { label: 'Card', value: <CardLink row={row} /> },
        { label: 'Category', value: categoryName(row) },
        { label: 'Team', value: <TeamCell row={row} /> },
        { label: 'Type', value: typeTag(row) },
        { label: 'Digital Wallet', value: walletCell(row) },
        { label: 'Receipt', value: <Receipt row={row} /> },
        ...(canEditNotes ? [{ label: 'Review', value: showReasons ? reviewReasons(row) : reviewTag(row) }] : []),
        { label: 'Notes', value: notesCell(row, canEditNotes), wide: true },
      ]}
    />
  );
}

/**
 * The All Transactions columns (PRODUCT.md §2); a column's key is its server sort. Type and Digital Wallet are filtered
 * by the selects above the table. At 1280 px Category (always Uncategorized for now) and Team give way, from
 * 1600 px they are shown; Merchant and Notes are cut to the room left, whole on hover.
 */
export function transactionColumns(
  state: ListState,
  { canEditNotes, showReasons = false }: TransactionView,
): TableColumnsType<ExpenseResource> {
  const sortable = (key: string) => ({
    key,
    sorter: true,
    sortOrder: sortOrderOf(state.sort, key),
    showSorterTooltip: false,
  });
  return [
    { title: 'Posted Date', ...sortable('posted_date'), render: (_, row) => <PostedDate row={row} /> },
    { title: 'Amount', ...sortable('amount'), align: 'right', render: (_, row) => <Amount row={row} /> },
    {
      title: 'Cardholder',
      ...sortable('cardholder'),
      render: (_, row) => row.user?.name || '—',
    },
    { title: 'Card', ...sortable('card'), render: (_, row) => <CardLink row={row} /> },
    {
      title: 'Merchant',
      ...sortable('merchant'),
      className: 'list-table-fill',
      render: (_, row) => (
        <>
          <Typography.Text ellipsis={{ tooltip: row.merchant_data?.name }} style={{ display: 'block' }}>
            {row.merchant_data?.name || '—'}
          </Typography.Text>
          {row.merchant_data?.category && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: merchantCategoryName(row.merchant_data.category) }}
              style={{ display: 'block', fontSize: 12 }}
            >
              {merchantCategoryName(row.merchant_data.category)}
            </Typography.Text>
          )}
          {/* Admins' review state under the merchant: a column of its own pushed the table past 1280 px. */}
          {canEditNotes && showReasons && <div>{reviewReasons(row)}</div>}
          {canEditNotes && !showReasons && (row.flagged || row.reviewed_at) && <div>{reviewTag(row)}</div>}
        </>
      ),
    },
    {
      title: 'Category',
      ...sortable('category'),
      responsive: ['xxl'],
      render: (_, row) => <span style={nowrap}>{categoryName(row)}</span>,
    },
    { title: 'Team', ...sortable('team'), responsive: ['xxl'], render: (_, row) => <TeamCell row={row} /> },
    {
      title: 'Notes',
      ...sortable('notes'),
      render: (_, row) => notesCell(row, canEditNotes),
    },
    { title: 'Type', ...sortable('type'), render: (_, row) => typeTag(row) },
    { title: 'Digital Wallet', ...sortable('wallet'), render: (_, row) => walletCell(row) },
    { title: 'Receipt', key: 'receipt', render: (_, row) => <Receipt row={row} /> },
  ];
}
