import { setImmediate as nextTick } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  RECEIPT_STATUS_LABELS,
  REPORT_EXPORT_CARD_DETAIL_LABELS,
  REPORT_EXPORT_EXTRA_LABELS,
  REPORT_EXPORT_FIELD_LABELS,
  REPORT_TEXTS,
  merchantCategoryName,
  type ReportExportField,
} from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { validationFailed } from '../../http/errors.js';
import { neutraliseCell } from '../../http/csv.js';
import { listCategories } from '../wallet-categories/service.js';
import { UNCATEGORIZED, WALLET_LABELS, type ExpenseCriteria, type ResolvedSort } from './criteria.js';
import { ExpenseLabels } from './presenter.js';
import { receiptStatusOf, type ExpensePolicy } from './expense-policy.js';
import { eachExpenseBatch, type CsvColumn, type ExportRow } from './repo.js';
import { copyCsvExport, type CopyConnections } from './csv-export.js';
import { sheetRowWriter } from './sheet-rows.js';

/** Report export (PRODUCT.md §2 export modal): Excel or CSV, 'All (12)' columns or some of them. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const AT_LEAST_ONE_COLUMN = REPORT_TEXTS.atLeastOneColumn;

type Cell = string | number | Date;
/** What a row's cells are judged by besides its labels: the receipt policy, the categories' GL codes. */
interface ExportContext {
  policy: ExpensePolicy;
  glCodes: ReadonlyMap<number, string>;
}
interface Field {
  header: string;
  width: number;
  /** Its column in the CSV statement (repo.ts expensesCsvQuery), which works out the cell in SQL. */
  column: CsvColumn;
  /** The cell for Excel. */
  value(row: ExportRow, labels: ExpenseLabels, context: ExportContext): Cell;
  /** Written by us from known values (dates, amounts, enums): nothing to neutralise. */
  safe?: boolean;
}

/** A merchant category's name, worked out once per key (there are a few hundred). */
const categoryNames = new Map<string | null, string>();
const categoryName = (key: string | null) => {
  let name = categoryNames.get(key);
  if (name === undefined) {
    if (categoryNames.size >= 5_000) categoryNames.clear();
    name = merchantCategoryName(key) ?? '';
    categoryNames.set(key, name);
  }
  return name;
};

/** The UTC day a transaction was posted on, as a date at midnight UTC. */
const postedDay = (row: ExportRow) => new Date(Math.floor(Number(row.stripe_created) / 86_400) * 86_400_000);

export const EXPORT_FIELDS = {
  posted_date: {
    header: REPORT_EXPORT_FIELD_LABELS.posted_date,
    width: 12,
    column: 'posted_date',
    safe: true,
    value: postedDay,
  },
  amount: {
    header: REPORT_EXPORT_FIELD_LABELS.amount,
    width: 12,
    column: 'amount',
    safe: true,
    // The same number as Number(centsToDecimal(amount)): both are the double nearest to amount / 100.
    value: (row) => row.amount / 100,
  },
  cardholder: {
    header: REPORT_EXPORT_FIELD_LABELS.cardholder,
    width: 22,
    column: 'cardholder',
    value: (row, labels) => labels.user(row).name,
  },
  card: {
    header: REPORT_EXPORT_FIELD_LABELS.card,
    width: 10,
    column: 'card',
    safe: true,
    value: (row, labels) => `•••• ${labels.card(row).last4}`,
  },
  merchant: {
    header: REPORT_EXPORT_FIELD_LABELS.merchant,
    width: 28,
    column: 'merchant',
    value: (row) => row.merchant_name ?? '',
  },
  merchant_category: {
    header: REPORT_EXPORT_FIELD_LABELS.merchant_category,
    width: 28,
    column: 'merchant_category',
    value: (row) => categoryName(row.merchant_category),
  },
  merchant_category_code: {
    header: REPORT_EXPORT_FIELD_LABELS.merchant_category_code,
    width: 10,
    column: 'merchant_category_code',
    value: (row) => row.merchant_category_code ?? '',
  },
  category: {
    header: REPORT_EXPORT_FIELD_LABELS.category,
    width: 16,
    column: 'category',
    value: (row, labels) => labels.category(row)?.name ?? UNCATEGORIZED,
  },
  team: {
    header: REPORT_EXPORT_FIELD_LABELS.team,
    width: 16,
    column: 'team',
    value: (row, labels) => labels.team(row)?.name ?? '',
  },
  notes: { header: REPORT_EXPORT_FIELD_LABELS.notes, width: 30, column: 'notes', value: (row) => row.notes ?? '' },
  type: {
    header: REPORT_EXPORT_FIELD_LABELS.type,
    width: 9,
    column: 'type',
    safe: true,
    value: (row) => row.type,
  },
  wallet: {
    header: REPORT_EXPORT_FIELD_LABELS.wallet,
    width: 13,
    column: 'wallet',
    safe: true,
    value: (row) => (row.wallet ? WALLET_LABELS[row.wallet] : ''),
  },
} satisfies Record<ReportExportField, Field>;
export type ExportField = keyof typeof EXPORT_FIELDS;

/** Merchant Category is written by name; the issuer's key for it follows in a column of its own (for filtering). */
const MERCHANT_CATEGORY_KEY: Field = {
  header: `${REPORT_EXPORT_FIELD_LABELS.merchant_category} Key`,
  width: 28,
  column: 'merchant_category_key',
  value: (row) => row.merchant_category ?? '',
};
/** The card's nickname and purpose follow its Card column (issue 20.4); 'All (12)' stays the modal's choice. */
const CARD_DETAILS: Field[] = [
  {
    header: REPORT_EXPORT_CARD_DETAIL_LABELS.card_nickname,
    width: 18,
    column: 'card_nickname',
    value: (row, labels) => labels.card(row).nickname ?? '',
  },
  {
    header: REPORT_EXPORT_CARD_DETAIL_LABELS.card_purpose,
    width: 24,
    column: 'card_purpose',
    value: (row, labels) => labels.card(row).purpose ?? '',
  },
];
/**
 * Issue 21.7: Category is followed by its GL code, Notes by the receipt status as the organisation's policy judges it
 * (Attached, Missing, Not required).
 */
const GL_CODE: Field = {
  header: REPORT_EXPORT_EXTRA_LABELS.gl_code,
  width: 10,
  column: 'gl_code',
  safe: true,
  value: (row, _labels, context) =>
    row.wallet_category_id === null ? '' : (context.glCodes.get(row.wallet_category_id) ?? ''),
};
const RECEIPT: Field = {
  header: REPORT_EXPORT_EXTRA_LABELS.receipt,
  width: 12,
  column: 'receipt',
  safe: true,
  value: (row, _labels, context) => RECEIPT_STATUS_LABELS[receiptStatusOf(row, context.policy)],
};
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
  /** Rows per FETCH of an Excel export's cursor (1,000: two batches alive at once stay small in a thread's heap). */
  batchSize?: number;
  /** The connections CSV exports COPY on (csv-export.ts); an Excel export reads through `db`. */
  copies?: CopyConnections;
}
/** A report to write without its database handles: what an export thread is sent (plain, structured-cloned data). */
export type ExportRequest = Omit<ExportJob, 'db' | 'copies'>;

/** The CSV file's first line: the columns' headings. */
export const csvHeader = (fields: readonly ExportField[]) =>
  `${fields
    .flatMap(columnsOf)
    .map((spec) => csvField(neutraliseCell(spec.header)))
    .join(',')}\r\n`;

/**
 * Writes the report into `out`. CSV: PostgreSQL writes the rows (COPY, csv-export.ts), with every text cell
 * neutralised against formula injection in its SELECT. Excel: batch by batch through a cursor over the table's query,
 * waiting for the reader after each batch, so memory stays flat whatever the row count; amounts stay numbers.
 */
export async function writeExport(job: ExportJob, out: Writable): Promise<void> {
  const { db, criteria, fields } = job;
  const specs: Field[] = fields.flatMap(columnsOf);
  if (job.format === 'csv') {
    if (!job.copies) throw new Error('A CSV export needs its COPY connections.');
    const columns = specs.map((spec) => spec.column);
    await copyCsvExport(db, job.copies, { criteria, sort: job.sort, columns, header: csvHeader(fields) }, out);
    return;
  }

  const labels = new ExpenseLabels(db, criteria.orgId);
  const context: ExportContext = {
    policy: criteria.policy,
    glCodes: new Map(
      (await listCategories(db, criteria.orgId)).flatMap((category) =>
        category.gl_code ? [[category.id, category.gl_code] as const] : [],
      ),
    ),
  };
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
  // exceljs writes the sheet's start, its columns and the header row; the rows then go straight into its sheet stream.
  sheet.getRow(1).commit();
  // Its write resolves once the zip's deflate took the chunk: without waiting for it, rows made faster than they are
  // compressed would pile up in memory (an export thread's heap is capped).
  const sheetXml = (sheet as unknown as { stream: { write(xml: string): Promise<unknown> } }).stream;
  const styles = (workbook as unknown as { styles: { dateStyleId: number } }).styles;
  const rowXml = sheetRowWriter(specs.length, 2, () => styles.dateStyleId);
  await eachExpenseBatch(db, criteria, job.sort, job.batchSize ?? 1_000, async (rows) => {
    await labels.load(rows);
    // A write every 256 rows: one string per batch would sit in V8's large-object space and cost collections.
    let xml = '';
    for (let at = 0; at < rows.length; at++) {
      const row = rows[at]!;
      xml += rowXml(
        specs.map((spec) => {
          const value = spec.value(row, labels, context);
          return typeof value === 'string' && !spec.safe ? neutraliseCell(value) : value;
        }),
      );
      if (at % 256 === 255) {
        await sheetXml.write(xml);
        xml = '';
      }
    }
    if (xml) await sheetXml.write(xml);
    // Let the zip stream pass the rows on to `out`, then wait for the reader.
    await nextTick();
    await drained(out);
  });
  sheet.commit();
  await workbook.commit();
}
