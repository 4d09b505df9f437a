import { Alert } from 'antd';
import { CARD_MESSAGES, isAdmin, type CardResource } from '@wallet/contract';
import { holderNeedsTermsAcceptance } from '../../../lib/payment-cards';
import { useCurrentUser } from '../../../lib/session';
import { useUser } from '../api/get-users';

/**
 * SPEC §4: a holder created on or after 2023-06-01 who hasn't accepted the issuing terms can't have the card
 * activated. An admin reads the holder; a member is the holder.
 */
export function TermsWarning({ card }: { card: CardResource }) {
  const me = useCurrentUser();
  const isSelf = card.user_id === me.id;
  const holder = useUser(card.user_id, isAdmin(me.roles) && !isSelf);
  const person = isSelf ? me : holder.data;
  if (!person || !holderNeedsTermsAcceptance(person)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={CARD_MESSAGES.termsNotAccepted}
      description={
        isSelf
          ? 'Accept the Issuing Terms of Service when you are asked to, and this card can be activated.'
          : `${person.name} hasn't accepted the Issuing Terms of Service yet. They are asked to when they next sign in.`
      }
    />
  );
}
