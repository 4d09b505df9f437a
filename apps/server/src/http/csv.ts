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

/** A file name safe in a Content-Disposition header. */
export function attachmentName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/-+/g, '-');
}
