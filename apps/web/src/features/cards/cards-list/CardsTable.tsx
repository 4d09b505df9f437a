import { Flex, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { CardResource, ListMeta } from '@wallet/contract';
import { PAGE_SIZES } from '@wallet/contract';
import { Link } from 'react-router';
import { CardStatusTag } from '../../../components/CardStatusTag';
import { UserAvatar } from '../../../components/UserAvatar';
import { formatDate, formatMoney } from '../../../lib/format';
import { sortOrderOf, sortParam, tablePagination, type ListState } from '../../../lib/list-query';
import { availableToSpend, capitalize, maskedCardNumber } from '../../../lib/payment-cards';
import { paths } from '../../../paths';

interface Props {
  cards: CardResource[] | undefined;
  meta: ListMeta | undefined;
  loading: boolean;
  state: ListState;
  onPageChange: (page: number, pageSize: number) => void;
  onSortChange: (sort: string | undefined) => void;
  selectedIds: number[];
  onSelectionChange: (ids: number[], rows: (CardResource | undefined)[]) => void;
}

const money = { fontVariantNumeric: 'tabular-nums' } as const;

/** List view: sortable columns, row selection across pages for the Action menu. */
export function CardsTable({ cards, meta, loading, state, onPageChange, onSortChange, selectedIds, onSelectionChange }: Props) {
  const columns: TableColumnsType<CardResource> = [
    {
      title: 'Card',
      key: 'card',
      render: (_, card) => (
        <Link to={paths.card(card.id)} aria-label={`${card.brand} card ending in ${card.last4} of ${card.user?.name ?? card.name}`}>
          <span style={{ whiteSpace: 'nowrap', fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace" }}>{maskedCardNumber(card.last4)}</span>
        </Link>
      ),
    },
    {
      title: 'Cardholder',
      key: 'user',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'user'),
      render: (_, card) => (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <UserAvatar name={card.user?.name ?? card.name} src={card.user?.avatar_url} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {card.user?.name ?? card.name}
            </Typography.Text>
            {card.user && (
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {card.user.email}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
    },
    { title: 'Type', key: 'type', sorter: true, sortOrder: sortOrderOf(state.sort, 'type'), render: (_, card) => capitalize(card.type) },
    {
      title: 'Status',
      key: 'status',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'status'),
      render: (_, card) => <CardStatusTag status={card.status} reason={card.cancellation_reason} />,
    },
    {
      title: 'Spending Limit',
      key: 'spending_limit',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'spending_limit'),
      render: (_, card) => <span style={money}>{formatMoney(card.spending_limit)}</span>,
    },
    {
      title: 'Available',
      key: 'available',
      align: 'right',
      render: (_, card) => <span style={money}>{formatMoney(availableToSpend(card))}</span>,
    },
    {
      title: 'Last Used',
      key: 'last_used_at',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'last_used_at'),
      render: (_, card) => (card.last_used_at ? formatDate(card.last_used_at) : <Typography.Text type="secondary">Never</Typography.Text>),
    },
    {
      title: 'Created',
      key: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'created_at'),
      render: (_, card) => formatDate(card.created_at),
    },
  ];

  const handleChange: TableProps<CardResource>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') onSortChange(sortParam(sorter));
    if (extra.action === 'paginate') onPageChange(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
  };

  return (
    <Table<CardResource>
      rowKey="id"
      columns={columns}
      dataSource={cards}
      loading={loading}
      onChange={handleChange}
      pagination={tablePagination(state, meta, { pageSizeOptions: PAGE_SIZES.cardsOptions })}
      rowSelection={{
        selectedRowKeys: selectedIds,
        preserveSelectedRowKeys: true,
        onChange: (keys, rows) => onSelectionChange(keys.map(Number), rows),
      }}
      scroll={{ x: 1000 }}
      locale={{ emptyText: loading && !cards ? ' ' : 'No cards found' }}
    />
  );
}
