import { MONTH_CLOSE_TEXTS, monthOfUnix } from '@wallet/contract';

/**
 * Why a transaction can't be edited (issue 21.6): its month is closed ("February 2025 is closed. A super-admin can
 * reopen it."); undefined when it may be edited.
 */
export function transactionLockReason(transaction: { locked?: boolean; stripe_created: number }): string | undefined {
  return transaction.locked ? MONTH_CLOSE_TEXTS.locked(monthOfUnix(transaction.stripe_created)) : undefined;
}
