import type {
  CardResource,
  DeclineDetail,
  HoldResource,
  SpendingControls,
  SpendingLimitInterval,
} from '@wallet/contract';

/** One limit of a card as GET /api/cards/{id} answers it (`spending_usage`): what is spent and left this window. */
export interface SpendingUsage {
  interval: SpendingLimitInterval;
  limit: number;
  spent: number;
  left: number;
  /** The first day of the next window (YYYY-MM-DD); null for per_authorization. */
  resets_on: string | null;
}

/**
 * A card with its controls and identity (issue 20). The fields are optional here so the screens work against a
 * server that does not answer them yet (the cards API grows them).
 */
export type CardWithControls = CardResource & {
  nickname?: string | null;
  purpose?: string | null;
  merchant_lock?: string | null;
  allocation_expires_on?: string | null;
  spending_controls?: SpendingControls;
  spending_usage?: SpendingUsage[];
  low_balance_threshold?: number | null;
};

/** A declined authorisation: its reason code, what the decision knew, and the sentence a cardholder reads. */
export type DeclinedHold = HoldResource & {
  decline_reason?: string | null;
  decline_detail?: DeclineDetail | null;
  decline_explanation?: string | null;
};
