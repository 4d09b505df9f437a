import { z } from 'zod';
import { dataWithMessageOf, pageOf } from './responses/common.js';

/**
 * Month close (issue 21 point 6): an admin closes a month that has ended, and its transactions (by when they were
 * posted, in UTC) are locked against edits: memos, receipts and review marks. A super-admin can reopen it.
 * GET /api/month-closes, POST /api/month-closes { month }, DELETE /api/month-closes/{month}.
 */

/** A month as the API names it: YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** '2026-03' -> 'March 2026' (the month as every message names it). */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? number} ${year}`;
}

/** The UTC month of an instant in unix seconds (stripe_created), as YYYY-MM. */
export function monthOfUnix(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 7);
}

export const MONTH_CLOSE_TEXTS = {
  title: 'Month close',
  intro: 'Closing a month locks its transactions: memos, receipts and review marks stay as they are.',
  month: 'Month',
  pickMonth: 'Pick a month that has ended',
  closeMonth: 'Close month',
  confirmClose: (month: string) => `Close ${monthLabel(month)}?`,
  confirmCloseDetail: 'Its transactions are locked against edits until a super-admin reopens the month.',
  reopen: 'Reopen',
  confirmReopen: (month: string) => `Reopen ${monthLabel(month)}?`,
  confirmReopenDetail: 'Its transactions can be edited again until the month is closed again.',
  closed: (month: string) => `${monthLabel(month)} closed.`,
  reopened: (month: string) => `${monthLabel(month)} reopened.`,
  closedMonths: 'Closed months',
  /** A closed month among the picker's choices (not offered again). */
  closedChoice: (month: string) => `${monthLabel(month)} (closed)`,
  actions: 'Actions',
  closedAt: 'Closed',
  closedBy: 'Closed by',
  empty: 'No month is closed yet.',
  monthInvalid: 'Enter a month as YYYY-MM.',
  notEnded: (month: string) => `${monthLabel(month)} has not ended yet. A month can be closed once it is over.`,
  alreadyClosed: (month: string) => `${monthLabel(month)} is closed already.`,
  notClosed: (month: string) => `${monthLabel(month)} is not closed.`,
  superAdminOnly: 'Only a super-admin can reopen a month.',
  /** Any edit of a transaction posted in a closed month (409). */
  locked: (month: string) => `${monthLabel(month)} is closed. A super-admin can reopen it.`,
  lockedTag: 'Locked',
  /** Beside the picked month, before it is closed: what still needs review there (its marks lock with it). */
  countingReview: 'Counting transactions that need review…',
  stillNeedReview: (month: string, count: number, lowerBound: boolean) =>
    `${lowerBound ? 'More than ' : ''}${count.toLocaleString('en-US')} ${count === 1 ? 'transaction' : 'transactions'} ` +
    `in ${monthLabel(month)} still ${count === 1 && !lowerBound ? 'needs' : 'need'} review. Once the month is closed, ` +
    'they can no longer be marked reviewed.',
  nothingNeedsReview: (month: string) => `Nothing in ${monthLabel(month)} needs review.`,
} as const;

/** The first and last day of a month (YYYY-MM), as YYYY-MM-DD (UTC, as months are closed). */
export function daysOfMonth(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(lastDay).padStart(2, '0')}` };
}

export const monthSchema = z
  .string({ error: MONTH_CLOSE_TEXTS.monthInvalid })
  .trim()
  .regex(MONTH_PATTERN, MONTH_CLOSE_TEXTS.monthInvalid);

/** POST /api/month-closes: the month to close. */
export const monthCloseSchema = z.object({ month: monthSchema });
export type MonthCloseInput = z.input<typeof monthCloseSchema>;

/** DELETE /api/month-closes/{month}'s path. */
export const monthCloseParamsSchema = z.object({ month: monthSchema });

export const monthCloseResourceSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  /** 'March 2026'. */
  label: z.string(),
  closed_at: z.string(),
  /** Who closed it (null when that person is no longer there). */
  closed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type MonthCloseResource = z.infer<typeof monthCloseResourceSchema>;

/** GET /api/month-closes: the closed months, newest first. */
export const monthClosesPageSchema = pageOf(monthCloseResourceSchema);
/** POST /api/month-closes's answer (201). */
export const monthClosedSchema = dataWithMessageOf(monthCloseResourceSchema);
