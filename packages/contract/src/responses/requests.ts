import { z } from 'zod';
import {
  DECISION_STATES,
  REQUEST_INTERVALS,
  type ApprovalResource,
  type PurchaseRequestResource,
  type RecurringResource,
} from '../purchase-requests.js';
import { dataOf, pageOf } from './common.js';
import { personSchema } from './users.js';

const idAndName = z.object({ id: z.number().int(), name: z.string() });

export const walletCategoryResourceSchema = idAndName.extend({
  gl_code: z.string().nullable(),
  created_at: z.string(),
});
export const walletCategoryItemSchema = dataOf(walletCategoryResourceSchema);
/** Every category on one page (the list is short and never paged). */
export const walletCategoriesPageSchema = pageOf(walletCategoryResourceSchema);

export const approvalResourceSchema = z.object({
  id: z.number().int(),
  approver_id: z.number().int(),
  approver: personSchema.optional(),
  approved: z.enum(DECISION_STATES),
  notes: z.string().nullable(),
  position: z.number().int(),
  decided_at: z.string().nullable(),
}) satisfies z.ZodType<ApprovalResource>;

/** A recurring request's schedule (its amount is its purchase request's). */
export const recurringScheduleSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  last_run: z.string().nullable(),
  next_run: z.string().nullable(),
  interval: z.enum(REQUEST_INTERVALS),
  status: z.enum(['active', 'inactive']),
  is_paused: z.boolean(),
  paused_by: z.enum(['admin', 'system']).nullable(),
  amount: z.number().int(),
}) satisfies z.ZodType<Omit<RecurringResource, 'purchase_request'>>;

export const purchaseRequestResourceSchema = z.object({
  id: z.number().int(),
  submitted: z.string(),
  transferred: z.string().nullable(),
  amount: z.number().int(),
  notes: z.string(),
  interval: z.enum(REQUEST_INTERVALS).nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  approved_path: z.enum(DECISION_STATES),
  approved_accounting: z.enum(DECISION_STATES),
  accounting_notes: z.string().nullable(),
  status: z.enum(['Pending', 'Approved', 'Rejected']),
  user_id: z.number().int(),
  card_id: z.number().int(),
  team_id: z.number().int(),
  wallet_category_id: z.number().int().nullable(),
  user: personSchema.optional(),
  card: z
    .object({
      id: z.number().int(),
      brand: z.string(),
      exp_month: z.number().int(),
      exp_year: z.number().int(),
      last4: z.string(),
      status: z.string(),
      nickname: z.string().nullable().optional(),
    })
    .optional(),
  team: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).optional(),
  wallet_category: idAndName.nullable().optional(),
  approvals: z.array(approvalResourceSchema).optional(),
  recurring_purchase_request: recurringScheduleSchema.nullable().optional(),
}) satisfies z.ZodType<PurchaseRequestResource>;

export const purchaseRequestsPageSchema = pageOf(purchaseRequestResourceSchema);
export const purchaseRequestItemSchema = dataOf(purchaseRequestResourceSchema);

/** A recurring request; with a purchaseRequest include, its purchase request (null if it is gone). */
export const recurringResourceSchema = recurringScheduleSchema.extend({
  purchase_request: purchaseRequestResourceSchema.nullable().optional(),
});
export const recurringPageSchema = pageOf(recurringResourceSchema);
export const recurringItemSchema = dataOf(recurringScheduleSchema);
