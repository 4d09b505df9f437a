import {
  MERCHANT_CATEGORY_KEYS,
  MERCHANT_CATEGORY_NAMES,
  SPENDING_LIMIT_INTERVALS,
  centsToDecimal,
  type SpendingControls,
  type SpendingControlsInput,
  type SpendingLimitInterval,
} from '@wallet/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { formAmountToCents } from '../../../lib/amount-rules';
import { WIRE_DAY } from '../../../lib/dates';

/** How a form holds a card's spending controls: limits in dollars (the currency input's text), one category mode. */
export type CategoryMode = 'none' | 'allow' | 'block';
export interface ControlsFormValues {
  limits: { interval?: SpendingLimitInterval; amount?: string | null }[];
  category_mode: CategoryMode;
  categories: string[];
}

export const CATEGORY_MODES: { value: CategoryMode; label: string }[] = [
  { value: 'none', label: 'No category rule' },
  { value: 'allow', label: 'Allow only' },
  { value: 'block', label: 'Block' },
];

/** Every Stripe category, by its name, in alphabetical order (the multi-select's options). */
export const CATEGORY_OPTIONS = MERCHANT_CATEGORY_KEYS.map((key) => ({
  value: key,
  label: MERCHANT_CATEGORY_NAMES[key] ?? key,
})).sort((a, b) => a.label.localeCompare(b.label));

export function controlsToForm(controls: SpendingControls | undefined): ControlsFormValues {
  const limits = [...(controls?.spending_limits ?? [])].sort(
    (a, b) => SPENDING_LIMIT_INTERVALS.indexOf(a.interval) - SPENDING_LIMIT_INTERVALS.indexOf(b.interval),
  );
  const allowed = controls?.allowed_categories ?? [];
  const blocked = controls?.blocked_categories ?? [];
  return {
    limits: limits.map((limit) => ({ interval: limit.interval, amount: centsToDecimal(limit.amount) })),
    category_mode: allowed.length > 0 ? 'allow' : blocked.length > 0 ? 'block' : 'none',
    categories: allowed.length > 0 ? allowed : blocked,
  };
}

/** The body part the API takes (amounts in cents); the form's rules have checked each amount already. */
export function formToControls(values: ControlsFormValues | undefined): SpendingControlsInput {
  const categories = values?.category_mode === 'none' ? [] : (values?.categories ?? []);
  return {
    spending_limits: (values?.limits ?? [])
      .filter((limit) => limit.interval)
      .map((limit) => ({ interval: limit.interval!, amount: formAmountToCents(limit.amount) ?? 0 })),
    allowed_categories: values?.category_mode === 'allow' ? categories : [],
    blocked_categories: values?.category_mode === 'block' ? categories : [],
  };
}

/** Today as the server's rule sees it (UTC): an allocation expiry must be after it. */
const todayUtc = () => new Date().toISOString().slice(0, 10);
export const isNotAfterTodayUtc = (day: Dayjs) => day.format(WIRE_DAY) <= todayUtc();
export const dayOfWire = (day: string | null | undefined) => (day ? dayjs(day, WIRE_DAY) : undefined);
export const wireOfDay = (day: Dayjs | null | undefined) => (day ? day.format(WIRE_DAY) : null);
