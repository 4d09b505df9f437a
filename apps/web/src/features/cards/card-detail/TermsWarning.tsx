import { Alert } from 'antd';
import { CARD_MESSAGES, isAdmin, type CardResource } from '@wallet/contract';
import { holderNeedsTermsAcceptance } from '../../../lib/payment-cards';
import { useCurrentUser } from '../../../lib/session';
import { useUser } from '../api/get-users';

interface Holder {
  name: string;
  created_at: string;
  issuing_tos_acceptance: { accepted_at: string | null };
}

/**
 * The person who holds the card, for the terms warning: an admin reads them (GET /api/users/{id}); a member
 * is the holder. `isPending` until known, so the page can wait rather than jump when the warning arrives.
 */
export function useCardHolder(card: CardResource | undefined): {
  holder: Holder | undefined;
  isSelf: boolean;
  isPending: boolean;
} {
  const me = useCurrentUser();
  const isSelf = card?.user_id === me.id;
  const needsRead = Boolean(card) && isAdmin(me.roles) && !isSelf;
  const user = useUser(card?.user_id, needsRead);
  if (isSelf) return { holder: me, isSelf, isPending: false };
  // A failed read shows no warning rather than holding up the page.
  return { holder: user.data, isSelf, isPending: needsRead && user.isPending };
}

/** PRODUCT.md §4: a holder created on or after 2023-06-01 who hasn't accepted the issuing terms can't have the card activated. */
export function TermsWarning({ holder, isSelf }: { holder: Holder | undefined; isSelf: boolean }) {
  if (!holder || !holderNeedsTermsAcceptance(holder)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={CARD_MESSAGES.termsNotAccepted}
      description={
        isSelf
          ? 'Accept the Issuing Terms of Service when you are asked to, and this card can be activated.'
          : `${holder.name} hasn't accepted the Issuing Terms of Service yet. They are asked to when they next sign in.`
      }
    />
  );
}
