import { Col, Row, Skeleton, Tag } from 'antd';
import type { CardResource } from '@wallet/contract';
import { PaymentCardTile } from '../../../components/PaymentCardTile';

const colProps = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/** Tiles of the page's cards (`newId`, the card just created, marked New); while the first page loads, skeletons. */
export function CardsGrid({
  cards,
  loading,
  skeletonCount,
  newId,
}: {
  cards: CardResource[] | undefined;
  loading: boolean;
  skeletonCount: number;
  newId?: number;
}) {
  if (!cards && loading) {
    return (
      <Row gutter={[16, 16]} aria-busy>
        {Array.from({ length: skeletonCount }, (_, index) => (
          <Col key={index} {...colProps}>
            <div style={{ padding: 12, borderRadius: 12, background: '#fff' }}>
              <Skeleton.Node active style={{ width: '100%', height: 'auto', aspectRatio: '85.6 / 53.98' }} />
              <Skeleton active title={false} paragraph={{ rows: 2, width: ['70%', '45%'] }} style={{ marginTop: 12 }} />
            </div>
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <Row gutter={[16, 16]} style={{ opacity: loading ? 0.6 : 1, transition: 'opacity .2s' }} aria-busy={loading}>
      {(cards ?? []).map((card) => (
        <Col key={card.id} {...colProps} style={{ position: 'relative' }}>
          <PaymentCardTile card={card} />
          {card.id === newId && (
            <Tag
              color="blue"
              style={{ position: 'absolute', top: 8, right: 16, marginInlineEnd: 0, pointerEvents: 'none' }}
            >
              New
            </Tag>
          )}
        </Col>
      ))}
    </Row>
  );
}
