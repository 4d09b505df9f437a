import { Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { DIGITAL_WALLETS, DIGITAL_WALLET_NAMES, EXPENSE_TYPES, REPORT_TEXTS, merchantCategoryName, type ExpenseResource } from '@wallet/contract';
import { Link } from 'react-router';
import { readableTagColor } from '../../../lib/contrast';
import { formatMoney } from '../../../lib/format';
import { sortOrderOf, type ListState } from '../../../lib/list-query';
import { paths } from '../../../paths';
import { ChoiceFilter, filterIcon } from './ChoiceFilter';
import { NotesCell } from './NotesCell';

const TYPE_NAMES: Record<ExpenseResource['type'], string> = { capture: 'Capture', refund: 'Refund' };
const typeOptions = EXPENSE_TYPES.map((type) => ({ value: type, label: TYPE_NAMES[type] }));
const walletOptions = DIGITAL_WALLETS.map((wallet) => ({ value: wallet, label: DIGITAL_WALLET_NAMES[wallet] }));
const none = <Typography.Text type="secondary">—</Typography.Text>;
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The All Transactions columns (SPEC §2). A column's key is its server sort and, for Type and Digital Wallet,
 * its filter name.
 */
export function transactionColumns(state: ListState, { canEditNotes }: { canEditNotes: boolean }): TableColumnsType<ExpenseResource> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(state.sort, key), showSorterTooltip: false });
  const filtered = (key: string) => state.filters[key]?.split(',') ?? null;
  return [
    {
      title: 'Posted Date',
      ...sortable('posted_date'),
      render: (_, row) => {
        const posted = dayjs.unix(row.stripe_created);
        return (
          <span style={nowrap} title={posted.format('MMM D, YYYY h:mm A')}>
            {posted.format('MMM D, YYYY')}
          </span>
        );
      },
    },
    {
      title: 'Amount',
      ...sortable('amount'),
      align: 'right',
      render: (_, row) => (
        <Typography.Text strong style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }} type={row.amount < 0 ? 'success' : undefined}>
          {formatMoney(row.amount)}
        </Typography.Text>
      ),
    },
    { title: 'Cardholder', ...sortable('cardholder'), render: (_, row) => <span style={nowrap}>{row.user?.name || '—'}</span> },
    {
      title: 'Card',
      ...sortable('card'),
      render: (_, row) =>
        row.wallet_card ? (
          <Link to={paths.card(row.wallet_card.id)} style={nowrap} aria-label={`Card ${row.wallet_card.name} ending ${row.wallet_card.last4}`}>
            •••• {row.wallet_card.last4}
          </Link>
        ) : (
          none
        ),
    },
    {
      title: 'Merchant',
      ...sortable('merchant'),
      render: (_, row) => (
        <div style={{ minWidth: 140, maxWidth: 240 }}>
          <Typography.Text ellipsis style={{ display: 'block' }}>
            {row.merchant_data?.name || '—'}
          </Typography.Text>
          {row.merchant_data?.category && (
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
              {merchantCategoryName(row.merchant_data.category)}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: 'Category',
      ...sortable('category'),
      render: (_, row) => <span style={nowrap}>{row.wallet_category?.name ?? REPORT_TEXTS.uncategorized}</span>,
    },
    {
      title: 'Team',
      ...sortable('team'),
      render: (_, row) =>
        row.team ? (
          <Tag color={readableTagColor(row.team.color)} style={{ marginInlineEnd: 0 }}>
            {row.team.name}
          </Tag>
        ) : (
          none
        ),
    },
    {
      title: 'Notes',
      ...sortable('notes'),
      render: (_, row) => <NotesCell expenseId={row.id} notes={row.notes} editable={canEditNotes} />,
    },
    {
      title: 'Type',
      ...sortable('type'),
      filterDropdown: (props) => <ChoiceFilter {...props} title="Type" options={typeOptions} />,
      filterIcon: filterIcon('Type'),
      filteredValue: filtered('type'),
      render: (_, row) => <Tag color={row.type === 'refund' ? 'green' : 'blue'}>{TYPE_NAMES[row.type]}</Tag>,
    },
    {
      title: 'Digital Wallet',
      ...sortable('wallet'),
      filterDropdown: (props) => <ChoiceFilter {...props} title="Digital Wallet" options={walletOptions} />,
      filterIcon: filterIcon('Digital Wallet'),
      filteredValue: filtered('wallet'),
      render: (_, row) => (row.wallet ? <span style={nowrap}>{DIGITAL_WALLET_NAMES[row.wallet]}</span> : none),
    },
  ];
}
