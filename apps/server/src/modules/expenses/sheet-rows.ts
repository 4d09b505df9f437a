/**
 * Worksheet rows as SpreadsheetML, written straight into exceljs's sheet stream: the XML exceljs's own row and cell
 * writers give these values (strings as t="str", dates as serial days with the date style, numbers as they are), at
 * a fraction of their cost per cell (no Row and Cell objects, no model, no XML builder), which is most of an Excel
 * export's time.
 */

const MS_PER_DAY = 86_400_000;
/** Excel's serial day of 1970-01-01 (exceljs's dateToExcel, the 1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;

// Control characters are what this matches: XML 1.0 cannot hold them.
// eslint-disable-next-line no-control-regex
const ESCAPED = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

// The same characters, found without replacing: most cells have none, and a test costs far less than a replace.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPING = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/;

/** exceljs's xmlEncode: the five entities, and the control characters XML cannot hold dropped. */
export function xmlText(text: string): string {
  return NEEDS_ESCAPING.test(text) ? text.replace(ESCAPED, (char) => ESCAPES[char] ?? '') : text;
}

/** Column letters A, B, ... (an export has at most a few dozen columns). */
const columnName = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

export type SheetCell = string | number | Date;

/**
 * Writes numbered rows of `width` cells each, the first one numbered `firstRow`. `dateStyle` gives the date cells'
 * style from the workbook's style table, which adds it when first asked (as a date cell written by exceljs does).
 */
export function sheetRowWriter(
  width: number,
  firstRow: number,
  dateStyle: () => number,
): (cells: readonly SheetCell[]) => string {
  const columns = Array.from({ length: width }, (_, index) => columnName(index));
  const spans = `spans="1:${width}"`;
  let number = firstRow;
  let dateStyleId: number | undefined;
  return (cells) => {
    const at = number++;
    let xml = `<row r="${at}" ${spans} x14ac:dyDescent="0.25">`;
    for (let index = 0; index < cells.length; index++) {
      const value = cells[index]!;
      const ref = `${columns[index]}${at}`;
      if (typeof value === 'string') xml += `<c r="${ref}" t="str"><v>${xmlText(value)}</v></c>`;
      else if (typeof value === 'number') xml += `<c r="${ref}"><v>${value}</v></c>`;
      else
        xml += `<c r="${ref}" s="${(dateStyleId ??= dateStyle())}"><v>${UNIX_EPOCH_SERIAL + value.getTime() / MS_PER_DAY}</v></c>`;
    }
    return `${xml}</row>`;
  };
}
