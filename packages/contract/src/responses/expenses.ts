import { z } from 'zod';
import { declineDetailSchema } from '../card-controls.js';
import { DIGITAL_WALLETS, EXPENSE_TYPES, type ExpenseResource } from '../reports.js';
import { dataOf, pageOf } from './common.js';
import { RECEIPT_STATUSES, RECEIPT_TYPES } from '../receipts.js';
import { merchantDataSchema } from './cards.js';

const idAndName = z.object({ id: z.number().int(), name: z.string() });

/** An authorisation hold of a card, with the decision the wallet took (GET /api/cards/{id}/issuing-authorization-holds). */
export const cardHoldSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  amount: z.number().int(),
  requested_amount: z.number().int().optional(),
  approved: z.boolean().optional(),
  decline_reason: z.string().nullable(),
  /** What the decision knew when it declined (contract DeclineDetail; null when approved or not recorded). */
  decline_detail: declineDetailSchema.nullable().optional(),
  /** The decline in people's words (null when approved). */
  decline_explanation: z.string().nullable(),
  merchant_data: merchantDataSchema,
  wallet: z.string().nullable(),
  created_at: z.string(),
  stripe_created: z.number().int(),
});

/** A posted transaction (a capture or a refund); the table's includes add its holder, category and team. */
export const expenseResourceSchema = z.object({
  id: z.number().int(),
  stripe_created: z.number().int(),
  amount: z.number().int(),
  type: z.enum(EXPENSE_TYPES),
  merchant_data: merchantDataSchema,
  wallet: z.enum(DIGITAL_WALLETS).nullable(),
  wallet_card: z.object({ id: z.number().int(), last4: z.string(), name: z.string(), nickname: z.string().nullable() }),
  wallet_category_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  notes: z.string().nullable(),
  issuing_authorization_hold: cardHoldSchema.optional(),
  user: idAndName.optional(),
  wallet_category: idAndName.nullable().optional(),
  team: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable().optional(),
  receipt_status: z.enum(RECEIPT_STATUSES).optional(),
  /** A purchase above Card Settings' memo threshold without a memo (issue 21.5). */
  memo_required: z.boolean().optional(),
  /** Posted in a closed month (issue 21.6): memo, receipt and review marks can't change. */
  locked: z.boolean().optional(),
  /** Review (issue 21.6): when it was marked reviewed (null: not yet), and whether it is flagged. */
  reviewed_at: z.string().nullable().optional(),
  flagged: z.boolean().optional(),
  /** Its receipt, briefly (issue 21); null when none is attached. */
  receipt: z
    .object({ id: z.number().int(), type: z.enum(RECEIPT_TYPES), file_url: z.string() })
    .nullable()
    .optional(),
}) satisfies z.ZodType<ExpenseResource>;

export const expensesPageSchema = pageOf(expenseResourceSchema);
export const expenseItemSchema = dataOf(expenseResourceSchema);
export const cardHoldsPageSchema = pageOf(cardHoldSchema);
