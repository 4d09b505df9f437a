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
