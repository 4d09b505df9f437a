import { Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { CARD_SPENT_DAYS, type CardResource } from '@wallet/contract';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { UserAvatar } from '../../../components/UserAvatar';
import { formatMoney } from '../../../lib/format';
import { formatDate } from '../../../lib/dates';
import { useIsMobile } from '../../../lib/use-media-query';
import { paths } from '../../../paths';
import { userProfilePath } from '../../user-profile';
import { RECENT_CARDS_QUERY, useRecentlyUsedCards } from '../api/get-recently-used-cards';

const ROWS = Number(RECENT_CARDS_QUERY['page[size]']);
/** About the height of the table with its five rows (while loading it shows five placeholder rows). */
const TABLE_HEIGHT = 57 * (ROWS + 1);

type Row = { key: number; card: CardResource | null };

export const maskedLast4 = (last4: string) => `•••• ${last4}`;

/** Recently Used Card: the five cards used last, each holder linking to their profile, with 30 days of spend. */
export function RecentlyUsedCards() {
  const cards = useRecentlyUsedCards();
  const list = cards.data?.data ?? [];
  const isMobile = useIsMobile();

  const columns: TableColumnsType<Row> = [
    {
      title: 'Name',
      key: 'name',
      render: (_value, { card }) =>
        card ? (
          <Flex align="center" gap={10} style={{ minWidth: 0 }}>
            {!isMobile && <UserAvatar name={card.user?.name ?? card.name} src={card.user?.avatar_url} size="small" />}
            {card.user ? (
              <Link
                to={userProfilePath(card.user.id)}
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {card.user.name}
              </Link>
            ) : (
              <span>{card.name}</span>
            )}
          </Flex>
        ) : (
          <LoadingBlock height={20} width={140} />
        ),
    },
    {
      title: 'Card Number',
      key: 'number',
      render: (_value, { card }) =>
        card ? (
          <Flex vertical style={{ minWidth: 0 }}>
            <Link
              to={paths.card(card.id)}
              aria-label={`Card ending in ${card.last4}`}
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            >
              {maskedLast4(card.last4)}
            </Link>
            {/* Its nickname tells the holder's cards apart (issue 20.4). */}
            {card.nickname && (
              <Typography.Text
                type="secondary"
                ellipsis={{ tooltip: card.nickname }}
                style={{ fontSize: 12, maxWidth: 160 }}
              >
                {card.nickname}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          <LoadingBlock height={20} width={80} />
        ),
    },
    {
      title: (
        <span style={{ whiteSpace: 'nowrap' }}>
          Amount Spent
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, fontWeight: 400 }}>
            {`last ${CARD_SPENT_DAYS} days`}
          </Typography.Text>
        </span>
      ),
      key: 'spent',
      align: 'right',
      // The list answers each card's spend (append=spent_last_30_days).
      render: (_value, { card }) =>
        !card ? (
          <Flex justify="flex-end">
            <LoadingBlock height={20} width={80} />
          </Flex>
        ) : (
          <Flex vertical align="flex-end">
            <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatMoney(card.spent_last_30_days ?? 0)}
            </span>
            {/* Used recently but nothing spent in the window (a decline, a hold, older purchases): say when it was used. */}
            {!card.spent_last_30_days && card.last_used_at && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {`Last used ${formatDate(card.last_used_at)}`}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
  ];

  const rows: Row[] = cards.data
    ? list.map((card) => ({ key: card.id, card }))
    : Array.from({ length: ROWS }, (_unused, index) => ({ key: -index - 1, card: null }));

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Recently Used Card
        </Typography.Title>
      }
      extra={<Link to={paths.cards}>See All Cards</Link>}
      styles={{ body: { padding: 0 } }}
    >
      {cards.isError && !cards.data ? (
        <LoadFailed height={TABLE_HEIGHT} onRetry={() => void cards.refetch()} what="the cards" />
      ) : (
        <Table<Row>
          columns={columns}
          dataSource={rows}
          pagination={false}
          size={isMobile ? 'small' : 'middle'}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No card has been used yet' }}
          aria-busy={!cards.data}
        />
      )}
    </Card>
  );
}
