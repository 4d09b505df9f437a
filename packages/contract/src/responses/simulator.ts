import { z } from 'zod';
import { declineDetailSchema } from '../card-controls.js';
import type { SignInOptions } from '../registration.js';
import { dataOf } from './common.js';

/** POST /api/simulator/purchases: the wallet's decision on the simulated authorisation, and what it created. */
export const simulatedPurchaseItemSchema = dataOf(
  z.object({
    authorization_id: z.string(),
    approved: z.boolean(),
    decline_reason: z.string().nullable(),
    /** What the decision knew when it declined (contract DeclineDetail). */
    decline_detail: declineDetailSchema.nullable(),
    explanation: z.string().nullable(),
    hold_id: z.number().int().nullable(),
    expense_id: z.number().int().nullable(),
  }),
);
/** A capture or refund: the transaction posted (null when nothing was). */
export const simulatedPostingItemSchema = dataOf(z.object({ expense_id: z.number().int().nullable() }));
/** An increment: whether the wallet approved it, and why not. */
export const simulatedIncrementItemSchema = dataOf(z.object({ approved: z.boolean(), reason: z.string().nullable() }));
/** A reversal or expiry: the hold's status after it (null when there is no hold). */
export const simulatedReleaseItemSchema = dataOf(z.object({ status: z.string().nullable() }));

/** POST /webhooks/stripe: the synchronous decision on an authorisation request, or that the event was received. */
export const stripeWebhookAnswerSchema = z.union([
  z.object({ approved: z.boolean() }),
  z.object({ received: z.literal(true) }),
]);

export const signInOptionsItemSchema = dataOf(
  z.object({ google: z.object({ configured: z.boolean() }) }) satisfies z.ZodType<SignInOptions>,
);
