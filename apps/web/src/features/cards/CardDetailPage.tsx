import { ArrowLeftOutlined, DollarOutlined, ExportOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { cardDisplayName, isAdmin } from '@wallet/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { ErrorFallback } from '../../components/ErrorFallback';
import { NotFoundPage } from '../../components/NotFoundPage';
import { HttpError } from '../../lib/http';
import { capitalize } from '../../lib/payment-cards';
import { useCurrentUser } from '../../lib/session';
import { useIsMobile } from '../../lib/use-media-query';
import { paths } from '../../paths';
import type { CardWithControls } from './api/card-controls-types';
import { useCard } from './api/get-card';
import { CardOverview } from './card-detail/CardOverview';
import { CardStatusButton } from './card-detail/CardStatusButton';
import { CardVisualPanel } from './card-detail/CardVisualPanel';
import { CanceledCardAlert, CardholderStandingAlert, ReceiptHoldAlert } from './card-detail/CardWarnings';
import { DeclinedTransactions } from './card-detail/DeclinedTransactions';
import { ExportTransactionsModal } from './card-detail/ExportTransactionsModal';
import { FundCardModal } from './card-detail/FundCardModal';
import { SpendingControlsPanel } from './card-detail/SpendingControlsPanel';
import { TermsWarning, useCardHolder } from './card-detail/TermsWarning';
import { PendingTransactions, PostedTransactions } from './card-detail/TransactionsTables';

/** Members ask for money on a card through a purchase request (PRODUCT.md §2): the request drawer opens for this card. */
export function requestFundsPath(cardId: number): string {
  return `${paths.requests}?${new URLSearchParams({ action: 'addRequest', card_id: String(cardId) }).toString()}`;
}

function PageSkeleton() {
  return (
    <Row gutter={[24, 24]} aria-busy>
      <Col xs={24} lg={10}>
        <Card>
          <Skeleton.Node active style={{ width: '100%', height: 'auto', aspectRatio: '85.6 / 53.98' }} />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Col>
    </Row>
  );
}

/** /cards/{cardId}: Card Details (PRODUCT.md §2). */
export function CardDetailPage() {
  const { cardId: rawId } = useParams();
  const cardId = Number(rawId);
  const me = useCurrentUser();
  const admin = isAdmin(me.roles);
  const isMobile = useIsMobile();
  const card = useCard(cardId);
  const holder = useCardHolder(card.data);
  const [fundOpen, setFundOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);

  if (!Number.isInteger(cardId) || cardId <= 0) return <NotFoundPage />;
  if (card.isError) {
    if (card.error instanceof HttpError && card.error.status === 404) return <NotFoundPage />;
    return <ErrorFallback error={card.error} onRetry={() => void card.refetch()} />;
  }

  const data: CardWithControls | undefined = card.data;
  const backTo = admin ? paths.cards : paths.myCards;
  // A card the issuer canceled can't be activated, deactivated or funded (nor asked to be).
  const canceled = data?.status === 'canceled';

  return (
    <>
      <Link to={backTo} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginBottom: 8 }}>
        <ArrowLeftOutlined aria-hidden /> {admin ? 'Cards' : 'My Cards'}
      </Link>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={1} style={{ fontSize: 24, lineHeight: '32px', margin: 0 }}>
            Card Details
          </Typography.Title>
          {/* The card's nickname names it among its holder's others; its purpose says what it is for. */}
          {data?.nickname && (
            <Typography.Text strong style={{ display: 'block', fontSize: 16 }}>
              {cardDisplayName(data)}
            </Typography.Text>
          )}
          {data?.purpose && (
            <Typography.Text style={{ display: 'block', overflowWrap: 'anywhere' }}>{data.purpose}</Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ display: 'block', minHeight: 22 }}>
            {data ? `${data.user?.name ?? data.name} · ${capitalize(data.type)} card ending in ${data.last4}` : ' '}
          </Typography.Text>
        </div>
        {data && (
          <Flex wrap gap={8}>
            <Button icon={<ExportOutlined aria-hidden />} onClick={() => setExportOpen(true)}>
              Export Transactions
            </Button>
            {canceled ? null : admin ? (
              <>
                <CardStatusButton card={data} />
                <Button type="primary" icon={<DollarOutlined aria-hidden />} onClick={() => setFundOpen(true)}>
                  Fund Card
                </Button>
              </>
            ) : (
              <ButtonLink type="primary" icon={<SendOutlined aria-hidden />} to={requestFundsPath(data.id)}>
                Request Funds
              </ButtonLink>
            )}
          </Flex>
        )}
      </Flex>

      {!data || holder.isPending ? (
        <PageSkeleton />
      ) : (
        <>
          <CanceledCardAlert card={data} />
          <ReceiptHoldAlert card={data} />
          <CardholderStandingAlert card={data} />
          {!canceled && <TermsWarning holder={holder.holder} isSelf={holder.isSelf} />}
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={10}>
              <Card style={{ height: '100%' }} styles={{ body: { padding: isMobile ? 16 : 24 } }}>
                <CardVisualPanel key={data.id} card={data} />
              </Card>
            </Col>
            <Col xs={24} lg={14}>
              <CardOverview card={data} />
            </Col>
            <Col xs={24}>
              <SpendingControlsPanel
                card={data}
                canEdit={admin && !canceled}
                canSetAlert={!canceled && (admin || data.user_id === me.id)}
              />
            </Col>
            <Col xs={24}>
              <Card title="Spending Overview">
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="Spending charts for this card are coming soon."
                />
              </Card>
            </Col>
            <Col xs={24}>
              <PendingTransactions cardId={data.id} />
            </Col>
            <Col xs={24}>
              <PostedTransactions cardId={data.id} />
            </Col>
            <Col xs={24}>
              <DeclinedTransactions cardId={data.id} last4={data.last4} />
            </Col>
          </Row>
          {admin && !canceled && <FundCardModal card={data} open={fundOpen} onClose={() => setFundOpen(false)} />}
          <ExportTransactionsModal cardId={data.id} open={exportOpen} onClose={() => setExportOpen(false)} />
        </>
      )}
    </>
  );
}
