import { Flex, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { CardResource, ListMeta } from '@wallet/contract';
import { PAGE_SIZES } from '@wallet/contract';
import { Link, useNavigate } from 'react-router';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { CardStatusTag } from '../../../components/CardStatusTag';
import { UserAvatar } from '../../../components/UserAvatar';
import { formatMoney } from '../../../lib/format';
import { formatDate } from '../../../lib/dates';
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
  /** The card just created: marked New. */
  newId?: number;
}

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function CardLink({ card }: { card: CardResource }) {
  return (
    <Link
      to={paths.card(card.id)}
      aria-label={`${card.brand} card ending in ${card.last4} of ${card.user?.name ?? card.name}`}
    >
      <span style={{ whiteSpace: 'nowrap', fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace" }}>
        {maskedCardNumber(card.last4)}
      </span>
    </Link>
  );
}

/** The card's nickname and purpose (issue 20.4), which tell one person's cards apart; nothing when it has neither. */
function CardIdentity({ card }: { card: CardResource }) {
  if (!card.nickname && !card.purpose) return null;
  return (
    <Flex vertical style={{ minWidth: 0, maxWidth: 200 }}>
      {card.nickname && (
        <Typography.Text ellipsis={{ tooltip: card.nickname }} style={{ fontSize: 13 }}>
          {card.nickname}
        </Typography.Text>
      )}
      {card.purpose && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: card.purpose }} style={{ fontSize: 12 }}>
          {card.purpose}
        </Typography.Text>
      )}
    </Flex>
  );
}

const lastUsed = (card: CardResource) =>
  card.last_used_at ? formatDate(card.last_used_at) : <Typography.Text type="secondary">Never</Typography.Text>;

/**
 * List view: sortable columns, row selection across pages for the Action menu; a row opens its card (click or Enter).
 * At 1280 px Type and Created give way (the Type filter is above the list; both are on the card's page and in the
 * phone's items), so the cardholder has room.
 */
export function CardsTable({
  cards,
  meta,
  loading,
  state,
  onPageChange,
  onSortChange,
  selectedIds,
  onSelectionChange,
  newId,
}: Props) {
  const navigate = useNavigate();
  const newTag = (card: CardResource) =>
    card.id === newId ? (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        New
      </Tag>
    ) : null;
  const columns: TableColumnsType<CardResource> = [
    {
      title: 'Card',
      key: 'card',
      className: 'list-table-nowrap',
      render: (_, card) => (
        <Flex vertical align="flex-start" gap={2}>
          <CardLink card={card} />
          <CardIdentity card={card} />
          {newTag(card)}
        </Flex>
      ),
    },
    {
      title: 'Cardholder',
      key: 'user',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'user'),
      className: 'list-table-fill',
      render: (_, card) => (
        <Flex align="center" gap={10} style={{ minWidth: 170 }}>
          <UserAvatar name={card.user?.name ?? card.name} src={card.user?.avatar_url} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: card.user?.name ?? card.name }}>
              {card.user?.name ?? card.name}
            </Typography.Text>
            {card.user && (
              <Typography.Text type="secondary" ellipsis={{ tooltip: card.user.email }} style={{ fontSize: 12 }}>
                {card.user.email}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
    },
    {
      title: 'Type',
      key: 'type',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'type'),
      responsive: ['xxl'],
      render: (_, card) => capitalize(card.type),
    },
    {
      title: 'Status',
      key: 'status',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'status'),
      className: 'list-table-nowrap',
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
      className: 'list-table-nowrap',
      render: (_, card) => lastUsed(card),
    },
    {
      title: 'Created',
      key: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'created_at'),
      className: 'list-table-nowrap',
      responsive: ['xxl'],
      render: (_, card) => formatDate(card.created_at),
    },
  ];

  const stacked = {
    label: 'Card',
    render: (card: CardResource) => (
      <StackedItem
        leading={<UserAvatar name={card.user?.name ?? card.name} src={card.user?.avatar_url} size="small" />}
        title={
          <Flex align="center" gap={8} wrap>
            {card.user?.name ?? card.name}
            {newTag(card)}
          </Flex>
        }
        subtitle={
          <>
            {card.user?.email}
            <span style={{ display: 'block' }}>
              <CardLink card={card} />
            </span>
            <CardIdentity card={card} />
          </>
        }
        aside={<CardStatusTag status={card.status} reason={card.cancellation_reason} />}
        fields={[
          { label: 'Type', value: capitalize(card.type) },
          { label: 'Spending Limit', value: <span style={money}>{formatMoney(card.spending_limit)}</span> },
          { label: 'Available', value: <span style={money}>{formatMoney(availableToSpend(card))}</span> },
          { label: 'Last Used', value: lastUsed(card) },
          { label: 'Created', value: formatDate(card.created_at) },
        ]}
      />
    ),
  };

  const handleChange: TableProps<CardResource>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') onSortChange(sortParam(sorter));
    if (extra.action === 'paginate') onPageChange(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
  };

  return (
    <ListTable<CardResource>
      rowKey="id"
      columns={columns}
      stacked={stacked}
      onOpen={(card) => void navigate(paths.card(card.id))}
      highlightKey={newId}
      dataSource={cards}
      loading={loading}
      onChange={handleChange}
      pagination={tablePagination(state, meta, { pageSizeOptions: PAGE_SIZES.cardsOptions })}
      rowSelection={{
        selectedRowKeys: selectedIds,
        preserveSelectedRowKeys: true,
        onChange: (keys, rows) => onSelectionChange(keys.map(Number), rows),
      }}
      locale={{ emptyText: loading && !cards ? ' ' : 'No cards found' }}
    />
  );
}
