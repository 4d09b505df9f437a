import { z } from 'zod';

/**
 * Month-end accounting (issue 21.7): general-ledger account codes on wallet categories, the reviewed transactions of a
 * period as a bank-statement CSV for QuickBooks Online or Xero (GET /api/expenses/accounting-export), and the period's
 * receipts as a ZIP (GET /api/expenses/receipts-archive).
 */

/** A category's general-ledger account code: "6000", "6000-01", "EXP.TRAVEL". */
export const GL_CODE_MAX = 20;
/** Starting with a letter or digit, so a spreadsheet never reads it as a formula ("-A1"). */
export const GL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;
export const GL_CODE_MESSAGES = {
  tooLong: `The GL code may not be greater than ${GL_CODE_MAX} characters.`,
  characters: 'The GL code may hold only letters, digits, dots (.) and dashes (-), and starts with a letter or digit.',
  notText: 'The GL code must be text.',
} as const;

/** Optional on create and update: absent leaves it as it is (none on create), null or '' clears it. */
export const glCodeSchema = z
  .string({ error: GL_CODE_MESSAGES.notText })
  .trim()
  .max(GL_CODE_MAX, GL_CODE_MESSAGES.tooLong)
  .refine((value) => value === '' || GL_CODE_PATTERN.test(value), GL_CODE_MESSAGES.characters)
  .nullable()
  .transform((value) => value || null);

/** The report export's columns for them (GET /api/expenses/export): GL code after Category, Receipt after Notes. */
export const REPORT_EXPORT_EXTRA_LABELS = {
  gl_code: 'GL code',
  receipt: 'Receipt',
} as const;

export const ACCOUNTING_EXPORT_FORMATS = ['quickbooks', 'xero'] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];
export const ACCOUNTING_EXPORT_FORMAT_LABELS: Record<AccountingExportFormat, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
};

/**
 * What one file of a bank-statement import may hold: QuickBooks Online takes a file of at most 350 KB and 1,000 lines,
 * Xero at most 1,000 statement lines. A period past either comes as a ZIP of CSV files, each within both, each with
 * the BOM and the heading, in order.
 */
export const ACCOUNTING_FILE_LIMITS = { lines: 1_000, bytes: 350_000 } as const;

export const ACCOUNTING_EXPORT_MESSAGES = {
  format: `The format must be one of: ${ACCOUNTING_EXPORT_FORMATS.join(', ')}.`,
  from: 'Choose the first day of the period (YYYY-MM-DD).',
  to: 'Choose the last day of the period (YYYY-MM-DD).',
  order: 'The last day must be on or after the first day.',
} as const;

/** Texts of the Accounting Export card (Reports & Insights). */
export const ACCOUNTING_EXPORT_TEXTS = {
  title: 'Accounting Export',
  intro:
    'Month-end files for your accounting software: the reviewed transactions of a period as a bank statement, ' +
    'and their receipts.',
  onlyReviewed: 'Only reviewed transactions are exported; mark transactions reviewed in All Transactions first.',
  period: 'Period',
  periodLabel: 'Accounting export period',
  format: 'Format',
  downloadCsv: 'Download CSV',
  downloadCsvParts: 'Download CSV files (ZIP)',
  downloadReceipts: 'Download receipts (ZIP)',
  counting: 'Counting reviewed transactions…',
  reviewedCount: (count: number, lowerBound: boolean) =>
    `${lowerBound ? 'More than ' : ''}${count.toLocaleString('en-US')} reviewed ${count === 1 ? 'transaction' : 'transactions'} in this period.`,
  noneReviewed: 'No reviewed transactions in this period: the CSV would hold only its heading.',
  inParts:
    `QuickBooks Online and Xero import at most ${ACCOUNTING_FILE_LIMITS.lines.toLocaleString('en-US')} lines ` +
    `(QuickBooks Online at most ${ACCOUNTING_FILE_LIMITS.bytes / 1000} KB) a file: this period downloads as a ZIP of ` +
    'CSV files, each with the heading, to import one after the other.',
  downloadFailed: 'The download failed. Try again.',
} as const;

/** Texts of the category GL codes card (Reports & Insights, Categories). */
export const GL_CODE_TEXTS = {
  title: 'Category GL Codes',
  intro: 'The general-ledger account each category books to; the Xero export puts it in Account Code.',
  column: 'GL code',
  none: 'None',
  edit: (category: string) => `Edit the GL code of ${category}`,
  inputLabel: (category: string) => `GL code of ${category}`,
  placeholder: 'e.g. 6000',
  saved: 'GL code saved',
  empty: 'No categories yet.',
} as const;
