import type { CardResource, DeclineDetail, HoldResource } from '@wallet/contract';

export type { SpendingUsage } from '@wallet/contract';

/** A card with its controls and identity (issue 20): every card answer carries them. */
export type CardWithControls = CardResource;

/** A declined authorisation: its reason code, what the decision knew, and the sentence a cardholder reads. */
export type DeclinedHold = HoldResource & {
  /** What the purchase asked for (a decline holds nothing, so its `amount` is 0). */
  requested_amount?: number;
  decline_reason?: string | null;
  decline_detail?: DeclineDetail | null;
  decline_explanation?: string | null;
};
