import path from 'node:path';
import type { ReceiptType } from '@wallet/contract';

/** The uploaded name, reduced to a plain file name (kept for the download's name only, never as a path). */
export function cleanFileName(name: string | undefined, type: ReceiptType): string {
  const base = path
    .basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 120);
  return base || `receipt.${type === 'jpeg' ? 'jpg' : type}`;
}
