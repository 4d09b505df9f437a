import { z } from 'zod';
import { dataOf, dataWithMessageOf } from './responses/common.js';

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
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptItemSchema = dataOf(receiptSchema);
export const receiptChangedSchema = dataWithMessageOf(receiptSchema);
