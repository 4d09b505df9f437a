import { Card, Flex, Typography } from 'antd';
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
import './recently-used-cards.css';

const ROWS = Number(RECENT_CARDS_QUERY['page[size]']);
/** About the height of the table with its five rows (while loading it shows five placeholder rows). */
const TABLE_HEIGHT = 57 * (ROWS + 1);

export const maskedLast4 = (last4: string) => `•••• ${last4}`;

/** One card's row: its holder, number (and nickname) and 30 days of spend; placeholders while the list loads. */
function RecentCardRow({ card, isMobile }: { card: CardResource | null; isMobile: boolean }) {
  if (!card)
    return (
      <tr>
        <td>
          <LoadingBlock height={20} width={140} />
        </td>
        <td>
          <LoadingBlock height={20} width={80} />
        </td>
        <td>
          <Flex justify="flex-end">
            <LoadingBlock height={20} width={80} />
          </Flex>
        </td>
      </tr>
    );
  return (
    <tr>
      <td>
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
      </td>
      <td>
        <Link
          to={paths.card(card.id)}
          aria-label={`Card ending in ${card.last4}`}
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {maskedLast4(card.last4)}
        </Link>
        {/* Its nickname tells the holder's cards apart (issue 20.4); cut short with an ellipsis, whole in its title. */}
        {card.nickname && (
          <span className="recent-cards-secondary recent-cards-nickname" title={card.nickname}>
            {card.nickname}
          </span>
        )}
      </td>
      <td>
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatMoney(card.spent_last_30_days ?? 0)}
        </span>
        {/* Used recently but nothing spent in the window (a decline, a hold, older purchases): say when it was used. */}
        {!card.spent_last_30_days && card.last_used_at && (
          <span className="recent-cards-secondary" style={{ whiteSpace: 'nowrap' }}>
            {`Last used ${formatDate(card.last_used_at)}`}
          </span>
        )}
      </td>
    </tr>
  );
}

/** Recently Used Card: the five cards used last, each holder linking to their profile, with 30 days of spend. */
export function RecentlyUsedCards() {
  const cards = useRecentlyUsedCards();
  const list = cards.data?.data ?? [];
  const isMobile = useIsMobile();

  const rows: Array<CardResource | null> = cards.data ? list : Array.from({ length: ROWS }, () => null);

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
        // A plain table: antd's Table measures its columns after rendering (a forced layout of some 25-55 ms on the
        // dashboard's first frame after sign-in, issue 19.7), which five fixed rows do not need.
        <div className="recent-cards-scroll">
          <table className={`recent-cards${isMobile ? ' recent-cards-small' : ''}`} aria-busy={!cards.data}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Card Number</th>
                <th scope="col" style={{ whiteSpace: 'nowrap' }}>
                  Amount Spent
                  <span className="recent-cards-secondary">{`last ${CARD_SPENT_DAYS} days`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={3} className="recent-cards-empty">
                    No card has been used yet
                  </td>
                </tr>
              ) : (
                rows.map((card, index) => (
                  <RecentCardRow key={card?.id ?? -index - 1} card={card} isMobile={isMobile} />
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
