import { formatCents } from './money.js';

/**
 * What the card issuer changes on its side and the wallet shows (issue 16 points 2 and 4): a top-up it takes back
 * (a shortfall when the money was on cards already), a card it cancels, a cardholder it blocks or needs more from.
 */

/** The organisation's funds below zero after a top-up was reversed (GET /api/balance `available` < 0). */
export const SHORTFALL_TEXTS = {
  title: (shortCents: number) => `Your funds are ${formatCents(shortCents)} short`,
  description:
    'The card issuer took back a top-up after the money had been put on cards. No card can be funded until a new top-up covers the shortfall.',
  action: 'Add Funds',
  /** The mail every admin gets when a reversal leaves the funds short. */
  mailSubject: (shortCents: number) => `Your spend wallet funds are ${formatCents(shortCents)} short`,
  mailParagraphs: (reversedCents: number, description: string, shortCents: number) => [
    `The card issuer reversed the top-up "${description}" of ${formatCents(reversedCents)}: the money went back to where it came from.`,
    `Part of it was already on cards, so the organisation's unallocated funds are now ${formatCents(-shortCents)}, ${formatCents(shortCents)} short. The cards keep what they were given.`,
    'No card can be funded (by an admin, an approved purchase request or a recurring request) until a new top-up covers the shortfall. Add funds in Account Settings → Account Funding.',
  ],
} as const;

/** The Account Funding list and statements: how a reversed top-up and the reversal entry read. */
export const TOPUP_REVERSED_HINT =
  'The card issuer took this top-up back after it was added; it was taken out of your funds again.';
export const LEDGER_ENTRY_LABELS: Record<string, string> = {
  topup: 'Top-up',
  topup_reversal: 'Top-up reversal',
  card_funding: 'Card funding',
  card_defunding: 'Card defunding',
  card_cancellation: 'Card cancellation',
};

/** Stripe's issuing card cancellation_reason, in words (null: canceled without a reason, e.g. it expired). */
export const CANCELLATION_REASON_LABELS: Record<string, string> = {
  lost: 'Lost',
  stolen: 'Stolen',
  design_rejected: 'Design rejected',
};

/** A canceled card's tag text: 'Canceled', with the issuer's reason when it gave one. */
export function canceledCardLabel(reason: string | null | undefined): string {
  if (!reason) return 'Canceled';
  return `Canceled · ${CANCELLATION_REASON_LABELS[reason] ?? reason.replace(/_/g, ' ')}`;
}

export const CANCELED_CARD_MESSAGES = {
  /** PUT /api/cards/{id}/status and /balance (and every funding) on a canceled card: 409. */
  canceled:
    'This card was canceled by the card issuer. A canceled card cannot be activated or funded; issue a new card instead.',
  alertTitle: 'This card was canceled by the card issuer',
  alertDescription:
    'It declines every purchase and cannot be activated or funded again. What was left on it went back to the organisation; purchases it approved before may still be charged to it.',
  filterLabel: 'Canceled',
} as const;

/** Stripe's issuing cardholder status and requirements.disabled_reason, in words. */
export const CARDHOLDER_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  blocked: 'Blocked',
};
export const CARDHOLDER_DISABLED_REASONS: Record<string, string> = {
  listed: 'The card issuer found the cardholder on a screening list.',
  'rejected.listed': 'The card issuer rejected the cardholder after screening.',
  'requirements.past_due': 'The card issuer needs more information about the cardholder.',
  under_review: 'The card issuer is reviewing the cardholder.',
};

/** Stripe's requirements.past_due fields, in words. */
export const CARDHOLDER_PAST_DUE_FIELDS: Record<string, string> = {
  'company.tax_id': 'company tax ID',
  'individual.card_issuing.user_terms_acceptance.date': 'acceptance of the Issuing Terms of Service',
  'individual.card_issuing.user_terms_acceptance.ip': 'acceptance of the Issuing Terms of Service',
  'individual.dob.day': 'date of birth',
  'individual.dob.month': 'date of birth',
  'individual.dob.year': 'date of birth',
  'individual.first_name': 'legal first name',
  'individual.last_name': 'legal last name',
  'individual.verification.document': 'an identity document',
};

/** The issuer's standing of a cardholder (GET /api/users/{id}/cardholder `issuer_standing`). */
export interface CardholderStanding {
  /** null until the issuer told us (a cardholder it never updated is as created: active). */
  status: 'active' | 'inactive' | 'blocked' | null;
  disabled_reason: string | null;
  past_due: string[];
}

/** Whether the standing needs a warning: the issuer blocked or deactivated the person, or needs something from them. */
export function cardholderNeedsAttention(standing: CardholderStanding | null | undefined): boolean {
  if (!standing) return false;
  return (
    standing.status === 'blocked' ||
    standing.status === 'inactive' ||
    standing.disabled_reason !== null ||
    standing.past_due.length > 0
  );
}

/** The warning on the card page and the user profile: a title and what it means, in the contract's words. */
export function cardholderWarning(name: string, standing: CardholderStanding): { title: string; description: string } {
  const title =
    standing.status === 'blocked'
      ? `The card issuer blocked ${name} as a cardholder`
      : standing.status === 'inactive'
        ? `The card issuer deactivated ${name} as a cardholder`
        : `The card issuer needs attention for ${name} as a cardholder`;
  const parts: string[] = [];
  if (standing.status === 'blocked' || standing.status === 'inactive' || standing.disabled_reason !== null) {
    parts.push('Purchases on their cards are declined by the card issuer.');
  }
  if (standing.disabled_reason)
    parts.push(CARDHOLDER_DISABLED_REASONS[standing.disabled_reason] ?? `Reason: ${standing.disabled_reason}.`);
  const fields = [...new Set(standing.past_due.map((field) => CARDHOLDER_PAST_DUE_FIELDS[field] ?? field))];
  if (fields.length > 0) parts.push(`It still needs: ${fields.join(', ')}.`);
  return { title, description: parts.join(' ') };
}
