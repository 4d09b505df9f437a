/**
 * What a receipt's text says: its total, its date and its merchant. Receipts are laid out in many ways; these rules
 * take what most printed ones share (a TOTAL line, a date near the top, the merchant's name first) and answer null
 * for what they cannot find rather than guess wildly. Amounts are integer cents; the date is YYYY-MM-DD.
 */
export interface ReceiptReading {
  amount: number | null;
  date: string | null;
  merchant: string | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "1,234.56", "$10.59", "10,59" (a decimal comma) as cents; OCR's "O" for 0 and "S" for 5 are read as digits. */
function centsOf(text: string): number | null {
  const cleaned = text.replace(/[Oo](?=\d)|(?<=\d)[Oo]/g, '0').replace(/\s/g, '');
  const match = /^(\d{1,3}(?:[,.]\d{3})*|\d+)[.,](\d{2})$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]!.replace(/[,.]/g, ''));
  const cents = whole * 100 + Number(match[2]);
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

/** Every money amount on a line (with or without a currency sign). */
function amountsOn(line: string): number[] {
  const found: number[] = [];
  for (const match of line.matchAll(/(?:[$€£]\s?)?(\d{1,3}(?:[,.]\d{3})*[.,]\d{2}|\d+[.,]\d{2})(?![\d])/g)) {
    const cents = centsOf(match[1]!);
    if (cents !== null) found.push(cents);
  }
  return found;
}

const TOTAL_LINE = /\b(grand\s*total|total\s*(?:due|paid|amount|usd)?|amount\s*(?:due|paid)|balance\s*due|to\s*pay)\b/i;
const NOT_TOTAL = /\b(sub\s*-?\s*total|total\s*(?:tax|savings|discount|items?|qty)|tax\s*total)\b/i;

function totalOf(lines: readonly string[]): number | null {
  // The last TOTAL line wins (a subtotal, then the total); among its amounts the last (labels come first).
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!;
    if (!TOTAL_LINE.test(line) || NOT_TOTAL.test(line)) continue;
    const amounts = amountsOn(line);
    if (amounts.length > 0) return amounts.at(-1)!;
    // "TOTAL" alone, its amount on the next line.
    const next = lines[index + 1] ? amountsOn(lines[index + 1]!) : [];
    if (next.length > 0) return next.at(-1)!;
  }
  // No total line: the largest amount on the receipt is the best guess left.
  const all = lines.flatMap(amountsOn);
  return all.length > 0 ? Math.max(...all) : null;
}

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < 2000 || year > 2100) return null;
  return date.toISOString().slice(0, 10);
}

function dateOf(text: string): string | null {
  const numeric = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b|\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/g;
  for (const match of text.matchAll(numeric)) {
    if (match[1]) {
      const day = isoDay(Number(match[1]), Number(match[2]), Number(match[3]));
      if (day) return day;
      continue;
    }
    const [first, second, year] = [Number(match[4]), Number(match[5]), Number(match[6])];
    // US order (month first) unless the first number cannot be a month.
    const day = first > 12 ? isoDay(year, second, first) : isoDay(year, first, second);
    if (day) return day;
  }
  const monthName = `(${MONTHS.join('|')})[a-z]*\\.?`;
  const named = new RegExp(
    `\\b(\\d{1,2})\\s+${monthName}\\s+(\\d{4})\\b|\\b${monthName}\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`,
    'gi',
  );
  for (const match of text.matchAll(named)) {
    const day = match[1]
      ? isoDay(Number(match[3]), MONTHS.indexOf(match[2]!.slice(0, 3).toLowerCase()) + 1, Number(match[1]))
      : isoDay(Number(match[6]), MONTHS.indexOf(match[4]!.slice(0, 3).toLowerCase()) + 1, Number(match[5]));
    if (day) return day;
  }
  return null;
}

/** The first line that reads like a name: letters, not an address, a phone number, a date or a receipt heading. */
function merchantOf(lines: readonly string[]): string | null {
  for (const line of lines.slice(0, 6)) {
    const text = line
      .replace(/[^\p{L}\p{N}&'’.,\- ]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const letters = text.replace(/[^\p{L}]/gu, '').length;
    if (letters < 3 || letters < text.length / 2) continue;
    if (
      /^\d+\s/.test(text) ||
      /\b(street|st|ave|avenue|road|rd|blvd|suite|tel|phone|www|receipt|invoice)\b/i.test(text)
    )
      continue;
    return text.slice(0, 100);
  }
  return null;
}

/**
 * A receipt's lines are short and few. Past these bounds the text is not a receipt's, and the amount search, whose
 * cost grows with the square of a line's length, would hold the event loop for seconds on a crafted PDF's text (a
 * line of 40,000 digits took 2.9 s): only the first lines, each cut short, are read.
 */
const MAX_LINES = 400;
const MAX_LINE_LENGTH = 200;

export function parseReceipt(text: string): ReceiptReading {
  const lines = text
    .split(/\r?\n/, MAX_LINES * 4)
    .map((line) => line.trim().slice(0, MAX_LINE_LENGTH))
    .filter(Boolean)
    .slice(0, MAX_LINES);
  return { amount: totalOf(lines), date: dateOf(lines.join('\n')), merchant: merchantOf(lines) };
}
