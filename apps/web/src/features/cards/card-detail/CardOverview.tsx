import { Card, Col, Descriptions, Flex, Row, Statistic, Typography } from 'antd';
import type { CardResource } from '@wallet/contract';
import { CardStatusTag } from '../../../components/CardStatusTag';
import { IssuerSyncNote } from './IssuerSyncNote';
import { formatMoney } from '../../../lib/format';
import { formatDate } from '../../../lib/dates';
import { availableToSpend, capitalize, cardExpiry, maskedCardNumber } from '../../../lib/payment-cards';

interface Shipping {
  name?: string;
  service?: string;
  address?: { line1?: string; line2?: string | null; city?: string; state?: string; postal_code?: string };
}

function shippingText(shipping: unknown): string | undefined {
  if (!shipping || typeof shipping !== 'object') return undefined;
  const { name, service, address } = shipping as Shipping;
  const lines = [
    name,
    address?.line1,
    address?.line2,
    [address?.city, address?.state, address?.postal_code].filter(Boolean).join(', '),
  ].filter(Boolean);
  return `${service ? `${capitalize(service)} · ` : ''}${lines.join(', ')}`;
}

/** Card Overview: what is left to spend and what the card is (PRODUCT.md §2, §9). */
export function CardOverview({ card }: { card: CardResource }) {
  const available = availableToSpend(card);
  const shipping = card.type === 'physical' ? shippingText(card.shipping) : undefined;
  return (
    <Card title="Card Overview" style={{ height: '100%' }}>
      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={24} sm={12}>
          <Statistic
            title="Available to Spend"
            value={formatMoney(available)}
            styles={{ content: { fontVariantNumeric: 'tabular-nums', color: available < 0 ? '#cf1322' : undefined } }}
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic
            title="Spending Limit"
            value={formatMoney(card.spending_limit)}
            styles={{ content: { fontSize: 18, fontVariantNumeric: 'tabular-nums' } }}
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic
            title="Pending Holds"
            value={formatMoney(card.issuing_holds_amount)}
            styles={{ content: { fontSize: 18, fontVariantNumeric: 'tabular-nums' } }}
          />
        </Col>
      </Row>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'status',
            label: 'Status',
            children: (
              <Flex gap={8} wrap align="center">
                <CardStatusTag status={card.status} reason={card.cancellation_reason} />
                <IssuerSyncNote sync={card.issuer_sync} />
              </Flex>
            ),
          },
          { key: 'type', label: 'Type', children: capitalize(card.type) },
          {
            key: 'number',
            label: 'Card Number',
            children: <span style={{ whiteSpace: 'nowrap' }}>{maskedCardNumber(card.last4)}</span>,
          },
          { key: 'expiry', label: 'Expiry', children: cardExpiry(card) },
          {
            key: 'holder',
            label: 'Card Holder',
            children: (
              <Flex vertical style={{ minWidth: 0 }}>
                <span>{card.user?.name ?? card.name}</span>
                {card.user && (
                  <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                    {card.user.email}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { key: 'brand', label: 'Brand', children: card.brand },
          { key: 'created', label: 'Issued', children: formatDate(card.created_at) },
          { key: 'used', label: 'Last Used', children: card.last_used_at ? formatDate(card.last_used_at) : 'Never' },
          ...(shipping ? [{ key: 'shipping', label: 'Shipping', span: { xs: 1, sm: 2 }, children: shipping }] : []),
        ]}
      />
    </Card>
  );
}
