import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Spin, Tooltip, Typography } from 'antd';
import { CARD_ISSUER_MESSAGES, type CardResource } from '@wallet/contract';
import { lazy, Suspense, useState } from 'react';
import { PaymentCard } from '../../../components/PaymentCard';
import { useSession } from '../../../lib/session';
import { useRevealCardDetails, type CardDetails } from '../api/card-details';

/** Stripe.js and Issuing Elements load only when a Stripe card's details are asked for (their own chunk). */
const StripeCardDetails = lazy(() => import('./StripeCardDetails'));

/**
 * The card, front and back, with the number and CVC revealed on request (a 423 is the http client's: the shared
 * confirm-password modal asks, then the reveal is made again). With the simulator our server reveals them and they live
 * in this component only; with Stripe, Stripe's Issuing Elements show them in Stripe's iframes (ARCHITECTURE.md D9). A physical
 * card's details are printed on it: no reveal is offered.
 */
export function CardVisualPanel({ card }: { card: CardResource }) {
  const [flipped, setFlipped] = useState(false);
  const [details, setDetails] = useState<CardDetails>();
  const [shownByStripe, setShownByStripe] = useState(false);
  const reveal = useRevealCardDetails(card.id);
  const { message } = App.useApp();
  const issuer = useSession().data?.card_issuer;
  const viaStripe = issuer?.name === 'stripe';
  const revealable = card.type === 'virtual';
  const shown = viaStripe ? shownByStripe : !!details;

  const doReveal = () => (viaStripe ? setShownByStripe(true) : reveal.mutate(undefined, { onSuccess: setDetails }));
  const hide = () => (viaStripe ? setShownByStripe(false) : setDetails(undefined));

  const copyNumber = async () => {
    if (!details) return;
    try {
      await navigator.clipboard.writeText(details.number);
      void message.success('Card number copied');
    } catch {
      void message.error('Could not copy the card number');
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 420, width: '100%', marginInline: 'auto' }}>
      <PaymentCard
        card={{ ...card, holderName: card.name }}
        number={details?.number}
        cvc={details?.cvc}
        flipped={flipped}
      />
      {viaStripe &&
        shownByStripe &&
        revealable &&
        (issuer.stripe_publishable_key && card.stripe_card_id ? (
          <Suspense fallback={<Spin size="small" />}>
            <StripeCardDetails
              cardId={card.id}
              issuingCard={card.stripe_card_id}
              publishableKey={issuer.stripe_publishable_key}
            />
          </Suspense>
        ) : (
          <Alert type="warning" showIcon message={CARD_ISSUER_MESSAGES.stripeNotConfigured} />
        ))}
      <Flex wrap gap={8} justify="center">
        {revealable &&
          (shown ? (
            <Button icon={<EyeInvisibleOutlined aria-hidden />} onClick={hide}>
              Hide Details
            </Button>
          ) : (
            <Button icon={<EyeOutlined aria-hidden />} loading={reveal.isPending} onClick={doReveal}>
              Show Details
            </Button>
          ))}
        <Button
          icon={<SwapOutlined aria-hidden />}
          onClick={() => setFlipped((value) => !value)}
          aria-pressed={flipped}
        >
          Flip Card
        </Button>
        {revealable && !viaStripe && (
          <Tooltip title="Copy card number">
            <Button
              icon={<CopyOutlined aria-hidden />}
              aria-label="Copy card number"
              disabled={!details}
              onClick={() => void copyNumber()}
            />
          </Tooltip>
        )}
      </Flex>
      {!revealable && (
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {CARD_ISSUER_MESSAGES.physicalCardNotRevealable}
        </Typography.Text>
      )}
    </Flex>
  );
}
