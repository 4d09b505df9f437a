import { declineSentence, type DeclineReason, type UserDecline } from '@wallet/contract';
import type { CardRow } from '../cards/service.js';
import type { HoldRow } from './repo.js';

/** The authorisations area's answers: a person's declined purchases. */

type DeclineRow = Pick<
  HoldRow,
  'id' | 'card_id' | 'merchant_data' | 'requested_amount' | 'decline_reason' | 'decline_detail' | 'created_at'
>;

export function presentUserDecline(
  hold: DeclineRow,
  card: Pick<CardRow, 'id' | 'last4' | 'name' | 'nickname'>,
): UserDecline {
  const reason = (hold.decline_reason ?? 'issuer_declined') as DeclineReason;
  return {
    id: hold.id,
    card: { id: card.id, last4: card.last4, name: card.name, nickname: card.nickname },
    merchant_data: hold.merchant_data,
    requested_amount: hold.requested_amount,
    decline_reason: reason,
    decline_detail: hold.decline_detail ?? null,
    decline_explanation: declineSentence(reason, hold.decline_detail, card, hold.created_at),
    created_at: hold.created_at.toISOString(),
  };
}
