import { formatCents } from '@wallet/contract';

/** Integer cents as dollars, e.g. 123456 -> "$1,234.56". Dates are lib/dates.ts's. */
export const formatMoney = formatCents;

/**
 * Makes the money formats the screens after sign-in use: the first Intl.NumberFormat of each kind costs some 10 ms
 * (its locale data), better spent while /login is idle than after Sign In (ARCHITECTURE.md D10).
 */
export function prepareMoneyFormats(): void {
  formatCents(0);
  formatCents(0, { compact: true });
  formatCents(0, { signed: true });
}
