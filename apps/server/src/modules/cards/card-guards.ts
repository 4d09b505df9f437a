import { CANCELED_CARD_MESSAGES } from '@wallet/contract';
import { conflict } from '../../http/errors.js';
import type { CardRow } from './types.js';

/** How the audit log names a card: its name and last four digits (never the number). */
export function cardSubject(card: CardRow) {
  return { type: 'card' as const, id: card.id, label: `${card.name} •••• ${card.last4}` };
}

/** A card the issuer canceled is never activated, deactivated, funded or given new controls again (409). */
export function assertNotCanceled(card: CardRow): void {
  if (card.status === 'canceled') throw conflict(CANCELED_CARD_MESSAGES.canceled);
}
