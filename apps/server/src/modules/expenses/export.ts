import { setImmediate as nextTick } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  REPORT_EXPORT_FIELD_LABELS,
  REPORT_TEXTS,
  centsToDecimal,
  merchantCategoryName,
  type ReportExportField,
} from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { validationFailed } from '../../http/errors.js';
import { neutraliseCell } from '../../http/csv.js';
import { UNCATEGORIZED, WALLET_LABELS, type ExpenseCriteria, type ResolvedSort } from './criteria.js';
import { ExpenseLabels } from './presenter.js';
import { eachExpenseBatch, type ExportRow } from './repo.js';

/** Report export (PRODUCT.md §2 export modal): Excel or CSV, 'All (12)' columns or some of them. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const AT_LEAST_ONE_COLUMN = REPORT_TEXTS.atLeastOneColumn;

type Cell = string | number | Date;
interface Field {
  header: string;
  width: number;
  /** The cell for Excel. */
  value(row: ExportRow, labels: ExpenseLabels): Cell;
  /** The cell for CSV when it differs (dates as YYYY-MM-DD, amounts as 12.50). */
  text?(row: ExportRow): string;
  /** Written by us from known values (dates, amounts, enums): nothing to neutralise. */
  safe?: boolean;
  /** What the cell depends on, when that repeats across rows: its CSV text is then worked out once. */
  key?(row: ExportRow): string | number | null;
}

/** The UTC day of a transaction; rows come in runs of the same day, so the last answer is kept. */
const postedDay = (() => {
  let lastDay = NaN;
  let lastText = '';
  return (row: ExportRow) => {
    const day = Math.floor(Number(row.stripe_created) / 86_400);
    if (day !== lastDay) {
      lastDay = day;
      lastText = new Date(day * 86_400_000).toISOString().slice(0, 10);
    }
    return lastText;
  };
})();

export const EXPORT_FIELDS = {
  posted_date: {
    header: REPORT_EXPORT_FIELD_LABELS.posted_date,
    width: 12,
    safe: true,
    value: (row) => new Date(`${postedDay(row)}T00:00:00Z`),
    text: postedDay,
  },
  amount: {
    header: REPORT_EXPORT_FIELD_LABELS.amount,
    width: 12,
    safe: true,
    value: (row) => Number(centsToDecimal(row.amount)),
    text: (row) => centsToDecimal(row.amount),
  },
  cardholder: {
    header: REPORT_EXPORT_FIELD_LABELS.cardholder,
    width: 22,
    value: (row, labels) => labels.user(row).name,
    key: (row) => row.user_id,
  },
  card: {
    header: REPORT_EXPORT_FIELD_LABELS.card,
    width: 10,
    safe: true,
    value: (row, labels) => `•••• ${labels.card(row).last4}`,
    key: (row) => row.card_id,
  },
  merchant: {
    header: REPORT_EXPORT_FIELD_LABELS.merchant,
    width: 28,
    value: (row) => row.merchant_name ?? '',
    key: (row) => row.merchant_name,
  },
  merchant_category: {
    header: REPORT_EXPORT_FIELD_LABELS.merchant_category,
    width: 28,
    value: (row) => merchantCategoryName(row.merchant_category) ?? '',
    key: (row) => row.merchant_category,
  },
  merchant_category_code: {
    header: REPORT_EXPORT_FIELD_LABELS.merchant_category_code,
    width: 10,
    value: (row) => row.merchant_category_code ?? '',
    key: (row) => row.merchant_category_code,
  },
  category: {
    header: REPORT_EXPORT_FIELD_LABELS.category,
    width: 16,
    value: (row, labels) => labels.category(row)?.name ?? UNCATEGORIZED,
    key: (row) => row.wallet_category_id,
  },
  team: {
    header: REPORT_EXPORT_FIELD_LABELS.team,
    width: 16,
    value: (row, labels) => labels.team(row)?.name ?? '',
    key: (row) => row.team_id,
  },
  notes: { header: REPORT_EXPORT_FIELD_LABELS.notes, width: 30, value: (row) => row.notes ?? '' },
  type: {
    header: REPORT_EXPORT_FIELD_LABELS.type,
    width: 9,
    safe: true,
    value: (row) => row.type,
    key: (row) => row.type,
  },
  wallet: {
    header: REPORT_EXPORT_FIELD_LABELS.wallet,
    width: 13,
    safe: true,
    value: (row) => (row.wallet ? WALLET_LABELS[row.wallet] : ''),
    key: (row) => row.wallet,
  },
} satisfies Record<ReportExportField, Field>;
export type ExportField = keyof typeof EXPORT_FIELDS;

/** Merchant Category is written by name; the issuer's key for it follows in a column of its own (for filtering). */
const MERCHANT_CATEGORY_KEY: Field = {
  header: `${REPORT_EXPORT_FIELD_LABELS.merchant_category} Key`,
  width: 28,
  value: (row) => row.merchant_category ?? '',
  key: (row) => row.merchant_category,
};
const columnsOf = (field: ExportField): Field[] =>
  field === 'merchant_category' ? [EXPORT_FIELDS[field], MERCHANT_CATEGORY_KEY] : [EXPORT_FIELDS[field]];
/** All (12), in file order: the contract's list, which the export modal offers. */
export const EXPORT_FIELD_NAMES = Object.keys(EXPORT_FIELDS) as ExportField[];

/**
 * One CSV field as RFC 4180 has it: quoted when it holds a comma, a quote or a line break, quotes doubled. Written
 * by hand for the streamed export: csv-stringify costs several times more per row, which at a million rows is the
 * difference between seconds and half a minute.
 */
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

/** A CSV cell of a field, escaped and neutralised; worked out once per distinct key (a few thousand at most kept). */
function csvEncoder(spec: Field, labels: ExpenseLabels): (row: ExportRow) => string {
  const encode = (row: ExportRow) => {
    const value = spec.text ? spec.text(row) : String(spec.value(row, labels));
    return csvField(spec.safe ? value : neutraliseCell(value));
  };
  const key = spec.key;
  if (!key) return encode;
  const known = new Map<string | number | null, string>();
  return (row) => {
    const at = key(row);
    let cell = known.get(at);
    if (cell === undefined) {
      if (known.size >= 5_000) known.clear();
      cell = encode(row);
      known.set(at, cell);
    }
    return cell;
  };
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
  batchSize?: number;
}
/** A report to write without its database handle: what an export thread is sent (plain, structured-cloned data). */
export type ExportRequest = Omit<ExportJob, 'db'>;

/**
 * Writes the report into `out` batch by batch (a cursor over the table's query), waiting for the reader after each
 * batch, so memory stays flat whatever the row count. Every text cell is neutralised against formula injection;
 * amounts stay numbers.
 */
export async function writeExport(job: ExportJob, out: Writable): Promise<void> {
  const { db, criteria, fields } = job;
  const labels = new ExpenseLabels(db, criteria.orgId);
  const specs: Field[] = fields.flatMap(columnsOf);
  const batchSize = job.batchSize ?? 5_000;

  if (job.format === 'csv') {
    const encoders = specs.map((spec) => csvEncoder(spec, labels));
    out.write(`${specs.map((spec) => csvField(neutraliseCell(spec.header))).join(',')}\r\n`);
    await eachExpenseBatch(db, criteria, job.sort, batchSize, async (rows) => {
      await labels.load(rows);
      // Small writes: big strings live in V8's large-object space until a full collection, and memory would climb.
      let chunk = '';
      for (let at = 0; at < rows.length; at++) {
        const row = rows[at]!;
        let line = encoders[0]!(row);
        for (let index = 1; index < encoders.length; index++) line += `,${encoders[index]!(row)}`;
        chunk += `${line}\r\n`;
        if (at % 128 === 127) {
          out.write(chunk);
          chunk = '';
        }
      }
      if (chunk) out.write(chunk);
      await drained(out);
    });
    out.end();
    return;
  }

  // Without a style table: exceljs then spends a third of the time per row, and still marks dates as dates.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Transactions');
  sheet.columns = specs.map((spec, index) => ({ header: spec.header, key: String(index), width: spec.width }));
  await eachExpenseBatch(db, criteria, job.sort, batchSize, async (rows) => {
    await labels.load(rows);
    for (const row of rows) {
      sheet
        .addRow(
          specs.map((spec) => {
            const value = spec.value(row, labels);
            return typeof value === 'string' && !spec.safe ? neutraliseCell(value) : value;
          }),
        )
        .commit();
    }
    // Let the zip stream pass the rows on to `out`, then wait for the reader.
    await nextTick();
    await drained(out);
  });
  sheet.commit();
  await workbook.commit();
}
