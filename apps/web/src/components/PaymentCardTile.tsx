import { Flex, Typography, theme } from 'antd';
import type { CardResource } from '@wallet/contract';
import { Link } from 'react-router';
import { formatMoney } from '../lib/format';
import { availableToSpend, capitalize } from '../lib/payment-cards';
import { paths } from '../paths';
import { CardStatusTag } from './CardStatusTag';
import { PaymentCard } from './PaymentCard';
import { VisuallyHidden } from './VisuallyHidden';
import './payment-card-tile.css';

/**
 * A card in a grid: its picture, holder, status and what is left to spend; the whole tile opens /cards/{id}. The
 * link is named by its text (WCAG 2.5.3: the name holds what is seen), e.g. "Jordan Lee Active Virtual card ending
 * in 1111 · Available $87.83"; the picture repeats that text, so screen readers skip it, and the last four digits
 * it shows are said after the type.
 */
export function PaymentCardTile({
  card,
}: {
  card: CardResource & { nickname?: string | null; purpose?: string | null };
}) {
  const { token } = theme.useToken();
  const holderName = card.user?.name ?? card.name;
  // A nickname tells one person's cards apart (issue 20.4): it leads, the holder follows it.
  const title = card.nickname || holderName;
  return (
    <Link
      to={paths.card(card.id)}
      className="payment-card-tile"
      style={{
        display: 'block',
        height: '100%',
        padding: 12,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        color: 'inherit',
      }}
    >
      <div aria-hidden>
        <PaymentCard card={{ ...card, holderName: card.name }} />
      </div>
      <Flex vertical gap={2} style={{ marginTop: 12 }}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
            {title}
          </Typography.Text>
          <span style={{ flex: 'none', whiteSpace: 'nowrap' }}>
            <CardStatusTag status={card.status} reason={card.cancellation_reason} />
          </span>
        </Flex>
        <Flex justify="space-between" align="baseline" gap={8}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {capitalize(card.type)} <VisuallyHidden>card ending in {card.last4}</VisuallyHidden> · Available
          </Typography.Text>
          {/* A narrow tile wraps the label, never the amount. */}
          <Typography.Text strong style={{ flex: 'none', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(availableToSpend(card))}
          </Typography.Text>
        </Flex>
        {/* Last, so the tile's name still reads status then type ("Active Virtual card ending in ..."). */}
        {(card.nickname || card.purpose) && (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, minWidth: 0 }}>
            {[card.nickname ? holderName : null, card.purpose].filter(Boolean).join(' · ')}
          </Typography.Text>
        )}
      </Flex>
    </Link>
  );
}
