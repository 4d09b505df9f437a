export interface FormatCentsOptions {
  /** A plus for money in, a minus for money out, nothing for zero: '+$250.00', '-$30.00', '$0.00'. */
  signed?: boolean;
  /** Short figures for chart axes: '$950', '$12.5K', '$1.2M'. */
  compact?: boolean;
  currency?: string;
}

/**
 * Amounts are integer cents on every path; the two functions below are the only ways they become dollars, on both
 * sides (the web app's screens and files, the server's CSV exports).
 */

/** Cents as a plain dollars figure for files, spreadsheets and inputs: 123456 -> '1234.56', -5 -> '-0.05'; exact, no floats. */
/** Largest amount we accept anywhere: $10,000,000.00 in cents. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

export function centsToDecimal(cents: number): string {
  const absolute = Math.abs(Math.trunc(cents));
  const sign = cents < 0 && absolute > 0 ? '-' : '';
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** One formatter per set of options: making an Intl.NumberFormat costs far more than formatting with it. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(signed: boolean, compact: boolean, currency: string): Intl.NumberFormat {
  const key = `${currency} ${signed} ${compact}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      signDisplay: signed ? 'exceptZero' : 'auto',
      ...(compact ? { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Cents as dollars for people to read: '$1,234.56', '-$15.65'; the options below. */
export function formatCents(
  cents: number,
  { signed = false, compact = false, currency = 'USD' }: FormatCentsOptions = {},
): string {
  // Whole cents go in as their exact decimal text (no float division, right to the last cent of any safe integer);
  // a fraction of a cent (a chart's tick, an average) is left to Intl's rounding.
  return formatterFor(signed, compact, currency).format(
    Number.isInteger(cents) ? (centsToDecimal(cents) as `${number}`) : cents / 100,
  );
}

/** Parses a dollars string with at most two decimals into cents, without floats; null when invalid. */
export function dollarsToCents(input: string): number | null {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign ? -cents : cents;
}
