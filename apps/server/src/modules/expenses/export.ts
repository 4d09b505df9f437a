import type { Writable } from 'node:stream';
import { Writable as WritableStream } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  REPORT_EXPORT_CARD_DETAIL_LABELS,
  REPORT_EXPORT_EXTRA_LABELS,
  REPORT_EXPORT_FIELD_LABELS,
  REPORT_TEXTS,
  type ReportExportField,
} from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { validationFailed } from '../../http/errors.js';
import { neutraliseCell } from '../../http/csv.js';
import type { ExpenseCriteria, ResolvedSort } from './criteria.js';
import type { CsvColumn } from './export-sql.js';
import { copyCsvExport, sheetCopyStatement, type CopyConnections } from './csv-export.js';

/** Report export (PRODUCT.md §2 export modal): Excel or CSV, 'All (12)' columns or some of them. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const AT_LEAST_ONE_COLUMN = REPORT_TEXTS.atLeastOneColumn;

interface Field {
  header: string;
  /** The column's width in the Excel sheet. */
  width: number;
  /**
   * Its cell in the export statements (export-sql.ts exportCells), worked out in SQL for both formats: the CSV's text, and
   * in Excel the same text, or a date or a number.
   */
  column: CsvColumn;
}

const field = (header: string, width: number, column: CsvColumn): Field => ({ header, width, column });

export const EXPORT_FIELDS = {
  posted_date: field(REPORT_EXPORT_FIELD_LABELS.posted_date, 12, 'posted_date'),
  amount: field(REPORT_EXPORT_FIELD_LABELS.amount, 12, 'amount'),
  cardholder: field(REPORT_EXPORT_FIELD_LABELS.cardholder, 22, 'cardholder'),
  card: field(REPORT_EXPORT_FIELD_LABELS.card, 10, 'card'),
  merchant: field(REPORT_EXPORT_FIELD_LABELS.merchant, 28, 'merchant'),
  merchant_category: field(REPORT_EXPORT_FIELD_LABELS.merchant_category, 28, 'merchant_category'),
  merchant_category_code: field(REPORT_EXPORT_FIELD_LABELS.merchant_category_code, 10, 'merchant_category_code'),
  category: field(REPORT_EXPORT_FIELD_LABELS.category, 16, 'category'),
  team: field(REPORT_EXPORT_FIELD_LABELS.team, 16, 'team'),
  notes: field(REPORT_EXPORT_FIELD_LABELS.notes, 30, 'notes'),
  type: field(REPORT_EXPORT_FIELD_LABELS.type, 9, 'type'),
  wallet: field(REPORT_EXPORT_FIELD_LABELS.wallet, 13, 'wallet'),
} satisfies Record<ReportExportField, Field>;
export type ExportField = keyof typeof EXPORT_FIELDS;

/** Merchant Category is written by name; the issuer's key for it follows in a column of its own (for filtering). */
const MERCHANT_CATEGORY_KEY = field(`${REPORT_EXPORT_FIELD_LABELS.merchant_category} Key`, 28, 'merchant_category_key');
/** The card's nickname and purpose follow its Card column (issue 20.4); 'All (12)' stays the modal's choice. */
const CARD_DETAILS = [
  field(REPORT_EXPORT_CARD_DETAIL_LABELS.card_nickname, 18, 'card_nickname'),
  field(REPORT_EXPORT_CARD_DETAIL_LABELS.card_purpose, 24, 'card_purpose'),
];
/**
 * Issue 21.7: Category is followed by its GL code, Notes by the receipt status as the organisation's policy judges it
 * (Attached, Missing, Not required).
 */
const GL_CODE = field(REPORT_EXPORT_EXTRA_LABELS.gl_code, 10, 'gl_code');
const RECEIPT = field(REPORT_EXPORT_EXTRA_LABELS.receipt, 12, 'receipt');
const COMPANIONS: Partial<Record<ExportField, Field[]>> = {
  card: CARD_DETAILS,
  merchant_category: [MERCHANT_CATEGORY_KEY],
  category: [GL_CODE],
  notes: [RECEIPT],
};
const columnsOf = (field: ExportField): Field[] => [EXPORT_FIELDS[field], ...(COMPANIONS[field] ?? [])];
/** All (12), in file order: the contract's list, which the export modal offers. */
export const EXPORT_FIELD_NAMES = Object.keys(EXPORT_FIELDS) as ExportField[];

/** One CSV field as RFC 4180 has it (and as COPY writes it): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const single = (value: unknown) =>
  Array.isArray(value) ? value.join(',') : value === undefined ? undefined : String(value);

/** export_as and export_fields: 422 naming what is wrong; columns come in the order asked, once each. */
export function parseExportParams(query: Record<string, unknown>): { format: ExportFormat; fields: ExportField[] } {
  const errors: Record<string, string[]> = {};
  const format = single(query.export_as)?.trim() || 'csv';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    errors.export_as = [`Unknown export format: ${format}. Use csv or xlsx.`];
  const asked = [
    ...new Set(
      (single(query.export_fields) ?? '')
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = asked.filter((field) => !(field in EXPORT_FIELDS));
  if (asked.length === 0) errors.export_fields = [AT_LEAST_ONE_COLUMN];
  else if (unknown.length) errors.export_fields = [`Unknown column: ${unknown.join(', ')}.`];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { format: format as ExportFormat, fields: asked as ExportField[] };
}

const CLOSED = 'The download was closed before it finished.';

/** Waits until the reader has taken what was written; rejects when the download was abandoned. */
async function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) throw new Error(CLOSED);
  if (!stream.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const off = () => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
    };
    const onDrain = () => {
      off();
      resolve();
    };
    const onClose = () => {
      off();
      reject(new Error(CLOSED));
    };
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}

export interface ExportJob {
  db: Db;
  criteria: ExpenseCriteria;
  sort: readonly ResolvedSort[];
  fields: readonly ExportField[];
  format: ExportFormat;
  /** The connections exports COPY their rows on (csv-export.ts). */
  copies: CopyConnections;
}
/** A report to write without its database handles: what an export thread is sent (plain, structured-cloned data). */
export type ExportRequest = Omit<ExportJob, 'db' | 'copies'>;

/** The CSV file's first line: the columns' headings. */
export const csvHeader = (fields: readonly ExportField[]) =>
  `${fields
    .flatMap(columnsOf)
    .map((spec) => csvField(neutraliseCell(spec.header)))
    .join(',')}\r\n`;

/** exceljs's stream of a sheet's XML: a write resolves once the zip's deflate took the chunk. */
interface SheetStream {
  write(xml: Buffer): Promise<unknown>;
}

/**
 * Rows of sheet XML into exceljs's sheet stream, each chunk taken once the zip took the one before and the download
 * has room: rows never come faster than they are compressed and read, so memory stays flat whatever the row count.
 */
function intoSheet(sheetXml: SheetStream, out: Writable): Writable {
  return new WritableStream({
    write(chunk: Buffer, _encoding, callback) {
      sheetXml.write(chunk).then(() => drained(out).then(() => callback(), callback), callback);
    },
  });
}

/**
 * Writes the report into `out`. PostgreSQL writes the rows (COPY, csv-export.ts) with every cell worked out in its
 * SELECT, text neutralised against formula injection: CSV as it is; Excel as the sheet's XML, which exceljs zips with
 * the rest of the workbook (amounts stay numbers, days real dates). Both at the download's pace.
 */
export async function writeExport(job: ExportJob, out: Writable): Promise<void> {
  const { db, criteria, fields } = job;
  const specs: Field[] = fields.flatMap(columnsOf);
  if (job.format === 'csv') {
    const columns = specs.map((spec) => spec.column);
    await copyCsvExport(db, job.copies, { criteria, sort: job.sort, columns, header: csvHeader(fields) }, out);
    return;
  }

  // Without a style table (exceljs still marks dates as dates); deflate level 1: a few per cent larger, several times
  // faster than the default on 100,000 rows.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet('Transactions');
  sheet.columns = specs.map((spec, index) => ({ header: spec.header, key: String(index), width: spec.width }));
  // exceljs writes the sheet's start, its columns and the header row; PostgreSQL writes the rows (export-sql.ts
  // expensesSheetQuery), which go straight into exceljs's sheet stream.
  sheet.getRow(1).commit();
  const sheetXml = (sheet as unknown as { stream: SheetStream }).stream;
  // The date cells' style, which the style table adds when first asked (as a date cell written by exceljs does).
  const styles = (workbook as unknown as { styles: { dateStyleId: number } }).styles;
  const columns = specs.map((spec) => spec.column);
  const dateStyle = columns.includes('posted_date') ? styles.dateStyleId : 0;
  const statement = await sheetCopyStatement(db, { criteria, sort: job.sort, columns, dateStyle });
  await job.copies.copyOut(statement, intoSheet(sheetXml, out));
  sheet.commit();
  await workbook.commit();
}
