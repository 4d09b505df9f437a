import { z } from 'zod';
import { idSchema } from './fields.js';
import { dataOf, dataWithMessageOf, listMetaSchema } from './responses/common.js';

/**
 * Receipts (issue 21): one per posted transaction, attached by its cardholder or an admin; JPEG, PNG, HEIC or PDF,
 * judged by the file's first bytes (never by its name or the browser's content type), at most 10 MB.
 * POST /api/expenses/{id}/receipts (multipart field `receipt`), GET /api/receipts/{id}, GET /api/receipts/{id}/file,
 * DELETE /api/receipts/{id}.
 */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart field a receipt is uploaded in. */
export const RECEIPT_FIELD = 'receipt';

export const RECEIPT_TYPES = ['jpeg', 'png', 'heic', 'pdf'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
export const RECEIPT_CONTENT_TYPES: Record<ReceiptType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  pdf: 'application/pdf',
};
/** What the file input offers (the server still judges the bytes). */
export const RECEIPT_ACCEPT =
  '.jpg,.jpeg,.png,.heic,.heif,.pdf,image/jpeg,image/png,image/heic,image/heif,application/pdf';

export const RECEIPT_MESSAGES = {
  missing: 'Choose a receipt to upload.',
  empty: 'The file is empty.',
  tooLarge: 'A receipt may be at most 10 MB.',
  unsupported: 'A receipt must be a JPEG, PNG or HEIC image, or a PDF.',
  attached: 'Receipt attached',
  replaced: 'Receipt replaced',
  removed: 'Receipt removed',
} as const;

/** What reading a receipt found (each null when not found): the total in cents, the day, the merchant. */
export const receiptOcrSchema = z.object({
  amount: z.number().int().nullable(),
  date: z.string().nullable(),
  merchant: z.string().nullable(),
});
export type ReceiptOcr = z.infer<typeof receiptOcrSchema>;

/** The transaction a read receipt points to; confidence 0-1 (at or above RECEIPT_CONFIDENT_MATCH it attached itself). */
export const receiptMatchSchema = z.object({
  expense_id: z.number().int(),
  confidence: z.number(),
});
export type ReceiptMatch = z.infer<typeof receiptMatchSchema>;
export const RECEIPT_CONFIDENT_MATCH = 0.8;

/** Days either side of a receipt's date a transaction may be posted and still match it. */
export const RECEIPT_MATCH_DAYS = 3;

/**
 * A transaction's receipt status: attached, missing (a purchase without one), or not required (a refund; later also
 * purchases below the organisation's receipt threshold).
 */
export const RECEIPT_STATUSES = ['attached', 'missing', 'not_required'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  attached: 'Attached',
  missing: 'Missing',
  not_required: 'Not required',
};

export const RECEIPT_READINGS = ['queued', 'read', 'unreadable', 'failed'] as const;

export const RECEIPT_INBOX_TEXTS = {
  title: 'Receipt inbox',
  uploaded: (count: number) =>
    count === 1 ? 'Receipt uploaded; reading it now.' : `${count} receipts uploaded; reading them now.`,
  reading: 'Reading…',
  unreadable: 'This file could not be read. Pick its transaction yourself.',
  failed: 'Reading this receipt failed. Pick its transaction yourself.',
  noMatch: 'No transaction of yours matches. Pick one yourself.',
  suggested: 'Suggested match',
  confirm: 'Attach to this transaction',
  empty: 'No receipts are waiting. Upload receipts here and they find their transactions.',
  attachedTo: 'Attached',
  expenseRequired: 'Choose the transaction this receipt is for.',
  alreadyHasReceipt: 'That transaction has a receipt already. Remove it first.',
} as const;

export const receiptSchema = z.object({
  id: z.number().int(),
  expense_id: z.number().int().nullable(),
  type: z.enum(RECEIPT_TYPES),
  content_type: z.string(),
  byte_size: z.number().int(),
  /** The name it was uploaded with, for the download only (never a path). */
  file_name: z.string(),
  /** Where the file is served, to those who may see the receipt. */
  file_url: z.string(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  /** The inbox's reading; null for a receipt attached by hand. */
  reading: z.enum(RECEIPT_READINGS).nullable(),
  ocr: receiptOcrSchema.nullable(),
  match: receiptMatchSchema.nullable(),
  /** The transaction it is attached to, else the suggested one, briefly (null for neither). */
  transaction: z
    .object({
      id: z.number().int(),
      amount: z.number().int(),
      stripe_created: z.number().int(),
      merchant_data: z.object({ name: z.string().nullable().optional() }),
    })
    .nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptItemSchema = dataOf(receiptSchema);
export const receiptChangedSchema = dataWithMessageOf(receiptSchema);

/** GET /api/receipts: the signed-in person's receipts waiting in the inbox (unattached), newest first. */
export const receiptInboxPageSchema = z.object({ data: z.array(receiptSchema), meta: listMetaSchema });

/** POST /api/receipts/{id}/attach: the transaction an inbox receipt belongs to (the suggestion confirmed, or another). */
export const attachInboxReceiptSchema = z.object({
  expense_id: idSchema.refine(Boolean, RECEIPT_INBOX_TEXTS.expenseRequired),
});
export const receiptsUploadedSchema = z.object({ data: z.array(receiptSchema), message: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Review (issue 21.6): admins mark transactions reviewed, or flag them; the needs-review queue.

export const REVIEW_ACTIONS = ['review', 'unreview', 'flag', 'unflag'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
/** Most transactions one review call marks. */
export const MAX_REVIEW_BATCH = 200;

/** filter[review]: needed (not reviewed, and missing a receipt or a memo, or flagged) or reviewed. */
export const REVIEW_FILTERS = ['needed', 'reviewed'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const REVIEW_TEXTS = {
  markReviewed: 'Mark reviewed',
  reviewed: 'Reviewed',
  needsReview: 'Needs review',
  flagged: 'Flagged',
  done: (count: number) => (count === 1 ? '1 transaction updated.' : `${count} transactions updated.`),
  chooseTransactions: 'Choose at least one transaction.',
  /** The All Transactions views (All / Needs review / Reviewed) and why a row needs review. */
  allView: 'All',
  viewLabel: 'Review view',
  flag: 'Flag',
  missingReceipt: 'Missing receipt',
  missingMemo: 'Missing memo',
  memoRequired: 'Memo required',
  queueEmpty: 'Nothing needs review. Transactions missing a receipt or a memo, and flagged ones, appear here.',
  reviewedEmpty: 'No transaction is marked reviewed yet.',
} as const;

/** POST /api/expenses/reviews: one action on up to 200 of the organisation's transactions (admins). */
export const expenseReviewSchema = z.object({
  ids: z
    .array(idSchema, { error: REVIEW_TEXTS.chooseTransactions })
    .min(1, REVIEW_TEXTS.chooseTransactions)
    .max(MAX_REVIEW_BATCH, `Up to ${MAX_REVIEW_BATCH} transactions at once.`),
  action: z.enum(REVIEW_ACTIONS, { error: 'The action must be review, unreview, flag or unflag.' }),
});
export const expenseReviewDoneSchema = z.object({ data: z.object({ updated: z.number().int() }), message: z.string() });
