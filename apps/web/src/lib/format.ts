import dayjs from 'dayjs';
import { formatCents } from '@wallet/contract';

/** Integer cents as dollars, e.g. 123456 -> "$1,234.56". */
export const formatMoney = formatCents;

/** An ISO instant as a calendar date, e.g. "Mar 4, 2025". */
export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('MMM D, YYYY') : '—';
}

/** Unix seconds (Stripe's stripe_created) as a date and time. */
export function formatUnixDateTime(seconds: number): string {
  return dayjs.unix(seconds).format('MMM D, YYYY h:mm A');
}
