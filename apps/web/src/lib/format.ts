import { formatCents } from '@wallet/contract';

/** Integer cents as dollars, e.g. 123456 -> "$1,234.56". Dates are lib/dates.ts's. */
export const formatMoney = formatCents;
