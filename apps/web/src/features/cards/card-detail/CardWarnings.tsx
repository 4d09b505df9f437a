import { Alert } from 'antd';
import {
  RECEIPT_POLICY_TEXTS,
  CANCELED_CARD_MESSAGES,
  cardholderNeedsAttention,
  cardholderWarning,
  type CardResource,
} from '@wallet/contract';
import { ButtonLink } from '../../../components/ButtonLink';
import { paths } from '../../../paths';
import { useCardholderStanding } from '../api/get-cardholder';

const alertStyle = { marginBottom: 16 };

/** A card the issuer canceled (lost, stolen, expired): why nothing can be done with it any more. */
export function CanceledCardAlert({ card }: { card: CardResource }) {
  if (card.status !== 'canceled') return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={alertStyle}
      title={CANCELED_CARD_MESSAGES.alertTitle}
      description={CANCELED_CARD_MESSAGES.alertDescription}
    />
  );
}

/** The card issuer blocked or deactivated the card's holder, or needs more from them (Stripe's cardholder requirements). */
export function CardholderStandingAlert({ card }: { card: CardResource }) {
  const standing = useCardholderStanding(card.user_id);
  if (!standing || !cardholderNeedsAttention(standing)) return null;
  const { title, description } = cardholderWarning(card.user?.name ?? card.name, standing);
  return <Alert type="warning" showIcon role="alert" style={alertStyle} title={title} description={description} />;
}

/** The receipt policy deactivated the card: why, and where the missing receipts go (it reactivates itself). */
export function ReceiptHoldAlert({ card }: { card: CardResource }) {
  if (!card.held_for_receipts || card.status === 'canceled') return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={alertStyle}
      title={RECEIPT_POLICY_TEXTS.heldTitle}
      description={RECEIPT_POLICY_TEXTS.heldDescription}
      action={
        <ButtonLink size="small" to={paths.receipts}>
          {RECEIPT_POLICY_TEXTS.heldAction}
        </ButtonLink>
      }
    />
  );
}
