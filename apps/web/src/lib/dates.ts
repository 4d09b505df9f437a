import dayjs from 'dayjs';

/**
 * Every date the app shows, one format per context (issue 18.11), so the same kind of date reads the same on every
 * screen. Instants (ISO timestamps, Stripe's Unix seconds) are shown in the viewer's time zone; calendar days
 * (YYYY-MM-DD) and months (YYYY-MM) are shown as they are, whatever the time zone.
 */
export const DATE_FORMATS = {
  /** A date in tables, lists, details and sentences: "Mar 4, 2025". */
  date: 'MMM D, YYYY',
  /** A date and time in logs and histories (audit log, top-ups, card transactions): "Mar 4, 2025 3:05 PM". */
  dateTime: 'MMM D, YYYY h:mm A',
  /** The same date and time inside a sentence: "Mar 4, 2025 at 3:05 PM". */
  dateTimeInText: 'MMM D, YYYY [at] h:mm A',
  /** A day where the year is already said (a monthly statement's lines, a chart's axis of days): "Mar 4". */
  dayOfYear: 'MMM D',
  /** A month as a label (statements, chart tooltips, monthly figures): "March 2025". */
  month: 'MMMM YYYY',
  /** A month named in a sentence about the months around now ("March so far"): "March". */
  monthName: 'MMMM',
  /** A chart's axis of months: "Mar", or "Mar '25" when the chart spans years. */
  monthTick: 'MMM',
  monthTickWithYear: "MMM 'YY",
} as const;

export type DateContext = keyof typeof DATE_FORMATS;

const DASH = '—';

/** A calendar day (YYYY-MM-DD) or month (YYYY-MM) at local midnight, so no time zone moves it to another day. */
function calendar(value: string) {
  return dayjs(value.length === 7 ? `${value}-01` : value.slice(0, 10));
}

/** An instant (ISO timestamp) as a date, e.g. "Mar 4, 2025"; a dash when there is none. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format(DATE_FORMATS.date) : DASH;
}

/** A calendar day (YYYY-MM-DD) as a date, e.g. "Mar 4, 2025", whatever the viewer's time zone; a dash when none. */
export function formatDay(day: string | null | undefined): string {
  return day ? calendar(day).format(DATE_FORMATS.date) : DASH;
}

/** An instant as a date and time, e.g. "Mar 4, 2025 3:05 PM". */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format(DATE_FORMATS.dateTime);
}

/** An instant as a date and time inside a sentence, e.g. "Mar 4, 2025 at 3:05 PM"; null when it isn't a date. */
export function formatDateTimeInText(value: string): string | null {
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMATS.dateTimeInText) : null;
}

/** Unix seconds (Stripe's stripe_created) as a date, e.g. "Mar 4, 2025". */
export function formatUnixDate(seconds: number): string {
  return dayjs.unix(seconds).format(DATE_FORMATS.date);
}

/** Unix seconds (Stripe's stripe_created) as a date and time, e.g. "Mar 4, 2025 3:05 PM". */
export function formatUnixDateTime(seconds: number): string {
  return dayjs.unix(seconds).format(DATE_FORMATS.dateTime);
}

/** A calendar day where the year is already said, e.g. "Mar 4". */
export function formatDayOfYear(day: string): string {
  return calendar(day).format(DATE_FORMATS.dayOfYear);
}

/** A month (YYYY-MM, or any day of it) as a label, e.g. "March 2025". */
export function formatMonth(month: string): string {
  return calendar(month).format(DATE_FORMATS.month);
}

/** A month (YYYY-MM, or any day of it) by its name alone, e.g. "March". */
export function formatMonthName(month: string): string {
  return calendar(month).format(DATE_FORMATS.monthName);
}

/** A month (any day of it) on a chart's axis: "Mar", or "Mar '25" when the chart spans years. */
export function formatMonthTick(month: string, withYear: boolean): string {
  return calendar(month).format(withYear ? DATE_FORMATS.monthTickWithYear : DATE_FORMATS.monthTick);
}

/** A calendar day as bodies and queries carry it (never shown): "2025-03-04". */
export const WIRE_DAY = 'YYYY-MM-DD';
