import {
  REQUEST_MESSAGES,
  centsToDecimal,
  todayIso,
  type PurchaseRequestResource,
  type RequestInterval,
} from '@wallet/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { formAmountToCents } from '../../../lib/amount-rules';
import { WIRE_DAY } from '../../../lib/dates';
import type { RequestBody } from '../api/save-request';

/** 'none' is the interval select's "No" (sent as null). */
export type IntervalChoice = 'none' | RequestInterval;

export const INTERVAL_OPTIONS: { value: IntervalChoice; label: string }[] = [
  { value: 'none', label: 'No' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** What the Create New Request form holds. */
export interface RequestFormValues {
  amount?: string | null;
  card_id?: number;
  team_id?: number;
  wallet_category_id?: number | null;
  notes?: string;
  interval: IntervalChoice;
  start_date?: Dayjs | null;
  end_date?: Dayjs | null;
}

/**
 * PRODUCT.md §5: dates up to and including today can't be chosen. "Today" is the later of the local date and the
 * server's (UTC) date, so a date offered here is never refused there.
 */
export function isSelectableDate(date: Dayjs): boolean {
  const localToday = dayjs().format(WIRE_DAY);
  const serverToday = todayIso();
  return date.format(WIRE_DAY) > (localToday > serverToday ? localToday : serverToday);
}

/** The form's values as the API's body: amount in cents, "No" interval as null, dates only when recurring. */
export function toRequestBody(values: RequestFormValues): RequestBody {
  const amount = formAmountToCents(values.amount);
  if (amount === null) throw new Error(REQUEST_MESSAGES.amountInvalid);
  const recurring = values.interval !== 'none';
  return {
    amount,
    card_id: values.card_id!,
    team_id: values.team_id!,
    wallet_category_id: values.wallet_category_id ?? null,
    notes: (values.notes ?? '').trim(),
    interval: recurring ? (values.interval as RequestInterval) : null,
    start_date: recurring && values.start_date ? values.start_date.format(WIRE_DAY) : null,
    end_date: recurring && values.end_date ? values.end_date.format(WIRE_DAY) : null,
  };
}

/** A request as the form shows it for Edit Request. */
export function formValuesOf(request: PurchaseRequestResource): RequestFormValues {
  return {
    amount: centsToDecimal(request.amount),
    card_id: request.card_id,
    team_id: request.team_id,
    wallet_category_id: request.wallet_category_id,
    notes: request.notes,
    interval: request.interval ?? 'none',
    start_date: request.start_date ? dayjs(request.start_date) : null,
    end_date: request.end_date ? dayjs(request.end_date) : null,
  };
}

export const EMPTY_REQUEST_VALUES: RequestFormValues = {
  amount: null,
  wallet_category_id: null,
  notes: '',
  interval: 'none',
  start_date: null,
  end_date: null,
};
