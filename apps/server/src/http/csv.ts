import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe. A plain number such as
 * "-25.50" can't be a formula and stays a number.
 */
export function neutraliseCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** CSV text with a header row; every cell neutralised. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return stringify([header.map(neutraliseCell), ...rows.map((row) => row.map(neutraliseCell))]);
}

/** Cents as a plain dollars figure for spreadsheets ("-12.50"); exact, no floats. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A file name safe in a Content-Disposition header. */
export function attachmentName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/-+/g, '-');
}
