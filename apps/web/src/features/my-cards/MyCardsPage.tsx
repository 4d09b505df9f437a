import { Card, Col, Empty, Flex, Pagination, Row, Skeleton, Typography } from 'antd';
import { PAGE_SIZES, UI_TEXTS, isAdmin } from '@wallet/contract';
import { useState } from 'react';
import { ErrorFallback } from '../../components/ErrorFallback';
import { PaymentCardTile } from '../../components/PaymentCardTile';
import { useCurrentUser } from '../../lib/session';
import { useUserCards } from './api/get-my-cards';

const colProps = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/** /my-cards: the signed-in user's cards, 10 a page; each opens its Card Details. */
export function MyCardsPage() {
  const me = useCurrentUser();
  const [page, setPage] = useState(1);
  const cards = useUserCards(me.id, page);
  const total = cards.data?.meta.total;

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, lineHeight: '32px', margin: '0 0 16px' }}>
        {total === undefined ? 'Total Cards' : `Total Cards(${total})`}
      </Typography.Title>
      {cards.isPending ? (
        <Row gutter={[16, 16]} aria-busy>
          {Array.from({ length: 4 }, (_, index) => (
            <Col key={index} {...colProps}>
              <Card styles={{ body: { padding: 12 } }}>
                <Skeleton.Node active style={{ width: '100%', height: 'auto', aspectRatio: '85.6 / 53.98' }} />
                <Skeleton
                  active
                  title={false}
                  paragraph={{ rows: 2, width: ['70%', '45%'] }}
                  style={{ marginTop: 12 }}
                />
              </Card>
            </Col>
          ))}
        </Row>
      ) : !cards.data ? (
        <ErrorFallback error={cards.error} onRetry={() => void cards.refetch()} />
      ) : total === 0 ? (
        <Card>
          <Empty description={isAdmin(me.roles) ? UI_TEXTS.myCardsEmptyAdmin : UI_TEXTS.myCardsEmpty} />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ opacity: cards.isPlaceholderData ? 0.6 : 1 }}>
            {cards.data.data.map((card) => (
              <Col key={card.id} {...colProps}>
                <PaymentCardTile card={card} />
              </Col>
            ))}
          </Row>
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination
              current={page}
              pageSize={PAGE_SIZES.myCards}
              total={total ?? 0}
              onChange={setPage}
              hideOnSinglePage
              showSizeChanger={false}
            />
          </Flex>
        </>
      )}
    </>
  );
}
