import { formatUnixDate } from '../../lib/dates';
import { formatMoney } from '../../lib/format';

/** "$12.50 at Blue Bottle Coffee on 3 Feb 2025": a transaction in words, for a receipt's title and screen readers. */
export function transactionLabel(expense: {
  amount: number;
  stripe_created: number;
  merchant_data: { name?: string | null } | null;
}): string {
  return `${formatMoney(expense.amount)} at ${expense.merchant_data?.name || 'an unknown merchant'} on ${formatUnixDate(expense.stripe_created)}`;
}
