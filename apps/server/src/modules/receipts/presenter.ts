import { RECEIPT_CONTENT_TYPES, type Receipt } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { namesOfUsers } from '../users/service.js';
import type { ReceiptRow } from './repo.js';

/** Where a receipt's file is served (to those who may see it). */
export function receiptFileUrl(id: number): string {
  return `/api/receipts/${id}/file`;
}

export async function presentReceipt(db: DbOrTx, receipt: ReceiptRow): Promise<Receipt> {
  const names = await namesOfUsers(db, receipt.org_id, receipt.uploaded_by === null ? [] : [receipt.uploaded_by]);
  return {
    id: receipt.id,
    expense_id: receipt.expense_id,
    type: receipt.type,
    content_type: RECEIPT_CONTENT_TYPES[receipt.type],
    byte_size: receipt.byte_size,
    file_name: receipt.file_name,
    file_url: receiptFileUrl(receipt.id),
    uploaded_by:
      receipt.uploaded_by === null
        ? null
        : { id: receipt.uploaded_by, name: names.get(receipt.uploaded_by) ?? 'Former member' },
    created_at: receipt.created_at.toISOString(),
    reading: receipt.reading,
    ocr: receipt.ocr,
    match: receipt.match,
  };
}
