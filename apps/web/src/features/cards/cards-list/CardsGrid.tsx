import { Col, Row, Skeleton } from 'antd';
import type { CardResource } from '@wallet/contract';
import { PaymentCardTile } from '../../../components/PaymentCardTile';

const colProps = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/** Tiles of the page's cards; while the first page loads, skeletons of the same size (no layout jump). */
export function CardsGrid({ cards, loading, skeletonCount }: { cards: CardResource[] | undefined; loading: boolean; skeletonCount: number }) {
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
        <Col key={card.id} {...colProps}>
          <PaymentCardTile card={card} />
        </Col>
      ))}
    </Row>
  );
}
