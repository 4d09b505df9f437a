export type CsvCell = string | number | null | undefined;

/**
 * A text cell a spreadsheet would run as a formula (= + - @, tab, carriage return) gets a leading quote; a plain
 * number such as -12.50 stays a number.
 */
function neutralise(cell: string): string {
  if (/^-?\d+(\.\d+)?$/.test(cell)) return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quote(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell) : neutralise(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV (CRLF line ends). Numbers are written as they are; text cells are quoted and neutralised. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** Hands text made in the browser to the user as a download. */
export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const objectUrl = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000);
}
