import { z } from 'zod';
import { calendarDateSchema, isCalendarDay } from './dates.js';
import { centsField } from './cards.js';
import { idSchema } from './fields.js';
import { glCodeSchema } from './accounting.js';

export const REQUEST_MESSAGES = {
  submitted: 'Submitted Successfully',
  submittedDetail: 'Purchase request submitted successfully!',
  approvalSaved: 'Approval Saved Successfully',
  deleted: 'Purchase Request Deleted Successfully',
  cannotModify: 'You Cannot Modify That Request',
  notApprover: 'User ID not found in the approvals for this purchase request.',
  approvalNoLongerNeeded:
    "Your approval is no longer needed: you are not on this team's approval path at this step any more.",
  incorrectStatus: 'Incorrect approval status supplied.',
  deleteConfirm: 'Are you sure to delete this purchase request?',
  deleteRecurringConfirm: 'Are you sure to delete this recurring request?',
  discard: 'Discard Request(s)',
  amountInvalid: "'amount' is not a valid number",
  cardRequired: 'Please select a card',
  teamRequired: 'Please select a team',
  notesRequired: 'Please enter a note',
  startDateRequired: 'Please select a date!',
  startDateFuture: 'The start date must be after today.',
  endDateAfterStart: 'The end date must be after the start date.',
  cardNotYours: 'Choose one of your own cards.',
  /** The card issuer canceled the card (lost, stolen, expired): it can never be funded again. */
  cardCanceled: 'This card was canceled by the card issuer. Choose another card.',
  teamNotYours: 'Choose a team you belong to.',
  categoryUnknown: 'Choose one of the wallet categories.',
  notYourTurn: 'This approval step is not open yet: an earlier approver has not decided.',
  alreadyDecided: 'This request has already been decided.',
  ownRequest: 'Admins may not decide their own purchase requests.',
  notEditable: 'Only a request nobody has decided yet can be changed.',
  /** The force notice names where the admin forced the decision (SPEC §186 fixes the dashboard's wording). */
  forceNote: (status: ForceStatus, place: ForcePlace) =>
    place === 'dashboard'
      ? `Force ${status} by admin from purchase request dashboard.`
      : `Force ${status} by admin from the purchase requests page.`,
  forceNoteUnknown:
    'The note must be the force notice of the purchase request dashboard or of the purchase requests page.',
  intervalTooltip: 'Weekly: every 7 days, monthly: every 30 days, yearly: every 365 days, from the start date.',
} as const;

export const FORCE_STATUSES = ['approved', 'rejected'] as const;
export type ForceStatus = (typeof FORCE_STATUSES)[number];
/** Where an admin can force a decision: the admin dashboard's Purchase Request panel, or the /requests page. */
export const FORCE_PLACES = ['dashboard', 'requests'] as const;
export type ForcePlace = (typeof FORCE_PLACES)[number];

/** The place a force note names, or null when it is none of the known notices for this status. */
export function forcePlaceOf(status: ForceStatus, notes: string): ForcePlace | null {
  return FORCE_PLACES.find((place) => REQUEST_MESSAGES.forceNote(status, place) === notes) ?? null;
}

export const REQUEST_INTERVALS = ['weekly', 'monthly', 'yearly'] as const;
export type RequestInterval = (typeof REQUEST_INTERVALS)[number];
export const INTERVAL_DAYS: Record<RequestInterval, number> = { weekly: 7, monthly: 30, yearly: 365 };
export const DECISION_STATES = ['pending', 'approved', 'rejected'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

/** A required id whose every failure (missing, not a number) says what to choose. */
function requiredId(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
}

/** Today's date in UTC as YYYY-MM-DD (what "today" means for request dates). */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** PRODUCT.md §5 new request: amount in cents (>= 1), card, team, optional category, notes (max 255), interval. */
export const newRequestSchema = z
  .object({
    amount: centsField(1),
    card_id: requiredId(REQUEST_MESSAGES.cardRequired),
    team_id: requiredId(REQUEST_MESSAGES.teamRequired),
    wallet_category_id: idSchema.nullish().transform((value) => value ?? null),
    notes: z
      .string({ error: REQUEST_MESSAGES.notesRequired })
      .trim()
      .min(1, REQUEST_MESSAGES.notesRequired)
      .max(255, 'The notes may not be greater than 255 characters.'),
    interval: z
      .enum(REQUEST_INTERVALS, { error: "The interval must be null, 'weekly', 'monthly' or 'yearly'." })
      .nullish()
      .transform((value) => value ?? null),
    start_date: calendarDateSchema.nullish().transform((value) => value ?? null),
    end_date: calendarDateSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((request, ctx) => {
    if (!request.interval) return;
    // A date that isn't a real day already has its own message; the comparisons below are for real days only.
    if (!request.start_date)
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: REQUEST_MESSAGES.startDateRequired });
    else if (isCalendarDay(request.start_date) && request.start_date <= todayIso())
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: REQUEST_MESSAGES.startDateFuture });
    if (isCalendarDay(request.end_date) && isCalendarDay(request.start_date) && request.end_date <= request.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: REQUEST_MESSAGES.endDateAfterStart });
  });
export type NewRequestInput = z.infer<typeof newRequestSchema>;

/** PUT /api/purchase-requests/{id}/approvals/{approvalId}; the status is checked by the server (422). */
export const approvalDecisionSchema = z.object({
  approving: z.boolean().optional(),
  status: z.string({ error: REQUEST_MESSAGES.incorrectStatus }).max(20),
  notes: z
    .string()
    .trim()
    .max(255, 'The comment may not be greater than 255 characters.')
    .nullish()
    .transform((value) => value || null),
});

export const recurringUpdateSchema = z.object({ is_paused: z.boolean({ error: 'is_paused must be true or false.' }) });
export const walletCategorySchema = z.object({
  name: z
    .string({ error: 'Please enter a category name' })
    .trim()
    .min(1, 'Please enter a category name')
    .max(100, 'The name may not be greater than 100 characters.'),
  /** Its general-ledger account code (issue 21.7); absent leaves it as it is. */
  gl_code: glCodeSchema.optional(),
});
export const DEFAULT_WALLET_CATEGORIES = ['Travel', 'Software', 'Meals', 'Office', 'Marketing', 'Other'] as const;

/** PRODUCT.md §4 display status: Pending while both are pending; Rejected if either rejected; else Approved. */
export function requestDisplayStatus(request: {
  approved_path: DecisionState;
  approved_accounting: DecisionState;
}): 'Pending' | 'Approved' | 'Rejected' {
  if (request.approved_path === 'rejected' || request.approved_accounting === 'rejected') return 'Rejected';
  if (request.approved_path === 'approved' || request.approved_accounting === 'approved') return 'Approved';
  return 'Pending';
}

export interface ApprovalResource {
  id: number;
  approver_id: number;
  approver?: { id: number; name: string; email: string; avatar_url: string | null };
  approved: DecisionState;
  notes: string | null;
  position: number;
  decided_at: string | null;
}

export interface RecurringResource {
  id: number;
  created_at: string;
  start_date: string;
  end_date: string | null;
  last_run: string | null;
  next_run: string | null;
  interval: RequestInterval;
  status: 'active' | 'inactive';
  is_paused: boolean;
  paused_by: 'admin' | 'system' | null;
  amount: number;
  purchase_request?: PurchaseRequestResource;
}

export interface PurchaseRequestResource {
  id: number;
  submitted: string;
  transferred: string | null;
  amount: number;
  notes: string;
  interval: RequestInterval | null;
  start_date: string | null;
  end_date: string | null;
  approved_path: DecisionState;
  approved_accounting: DecisionState;
  accounting_notes: string | null;
  status: 'Pending' | 'Approved' | 'Rejected';
  user_id: number;
  card_id: number;
  team_id: number;
  wallet_category_id: number | null;
  user?: { id: number; name: string; email: string; avatar_url: string | null };
  card?: {
    id: number;
    brand: string;
    exp_month: number;
    exp_year: number;
    last4: string;
    status: string;
    /** The card's nickname (issue 20.4), null when it has none. */
    nickname?: string | null;
  };
  team?: { id: number; name: string; color: string };
  wallet_category?: { id: number; name: string } | null;
  approvals?: ApprovalResource[];
  recurring_purchase_request?: Omit<RecurringResource, 'purchase_request'> | null;
}
