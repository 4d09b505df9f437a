import type { Receipt } from '@wallet/contract';

/**
 * Where a browser can show the receipt as an image: the file of a JPEG or PNG, the server's JPEG of a HEIC photo
 * (browsers cannot draw HEIC); null for a PDF.
 */
export function receiptImageUrl(receipt: Pick<Receipt, 'type' | 'file_url'>): string | null {
  if (receipt.type === 'pdf') return null;
  return receipt.type === 'heic' ? `${receipt.file_url}?as=jpeg` : receipt.file_url;
}
