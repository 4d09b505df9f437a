import { z } from 'zod';
import { declineDetailSchema } from '../card-controls.js';
import { pageOf } from './common.js';
import { merchantDataSchema } from './cards.js';

/**
 * GET /api/users/{id}/declines: a person's declined purchases, newest first (the member dashboard's declines): the
 * card (its last four digits and nickname), the merchant, what was asked for, why, and the sentence.
 */
export const userDeclineSchema = z.object({
  id: z.number().int(),
  card: z.object({
    id: z.number().int(),
    last4: z.string(),
    name: z.string(),
    nickname: z.string().nullable(),
  }),
  merchant_data: merchantDataSchema,
  requested_amount: z.number().int(),
  decline_reason: z.string(),
  decline_detail: declineDetailSchema.nullable(),
  decline_explanation: z.string(),
  created_at: z.string(),
});
export type UserDecline = z.infer<typeof userDeclineSchema>;

export const userDeclinesPageSchema = pageOf(userDeclineSchema);

/**
 * GET /api/declines (Reports & Insights, issue 20.6): the organisation's declined purchases for admins (a member's
 * own only), newest first, filter[reason] (codes, comma-separated) and filter[user_id]; each names its cardholder.
 */
export const reportDeclineSchema = userDeclineSchema.extend({
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ReportDecline = z.infer<typeof reportDeclineSchema>;
export const reportDeclinesPageSchema = pageOf(reportDeclineSchema);
