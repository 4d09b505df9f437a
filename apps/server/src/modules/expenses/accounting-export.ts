import {
  ACCOUNTING_EXPORT_FORMATS,
  ACCOUNTING_EXPORT_MESSAGES,
  isCalendarDay,
  type AccountingExportFormat,
} from '@wallet/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { badRequest, validationFailed } from '../../http/errors.js';
import { listCards } from '../cards/service.js';
import { namesOfUsers, userIdsInNameOrder } from '../users/service.js';
import { listCategories } from '../wallet-categories/service.js';
import { accountingRowsQuery, type AccountingLabels } from './accounting-repo.js';
import { csvRecords, inlined, type CopyConnections } from './csv-export.js';
import { StatementFiles, type StatementFile } from './statement-files.js';
import type { DayRange } from './types.js';

/**
 * The month-end accounting export (issue 21.7): the reviewed transactions of a period as a bank-statement CSV in the
 * documented import layout of QuickBooks Online (3 columns: Date, Description, Amount) or Xero (the precoded
 * statement's columns, the category's GL code as Account Code). Written by PostgreSQL like the report export
 * (csv-export.ts: COPY, every cell in the SELECT, formula neutralisation included), after a UTF-8 byte order mark so
 * Excel reads "••••" right, with CRLF record ends, streamed at the download's pace; a period longer than one import
 * takes (ACCOUNTING_FILE_LIMITS) as a ZIP of such files.
 */

/** The headings, as each import documents them (Xero marks its required columns with an asterisk). */
export const ACCOUNTING_HEADERS: Record<AccountingExportFormat, readonly string[]> = {
  quickbooks: ['Date', 'Description', 'Amount'],
  xero: [
    '*Date',
    '*Amount',
    'Payee',
    'Description',
    'Reference',
    'Cheque Number',
    'Account Code',
    'Tax Type',
    'Analysed Amount',
    'Region',
  ],
};
const BOM = '\uFEFF';

export interface AccountingExport {
  orgId: number;
  format: AccountingExportFormat;
  period: DayRange;
}

const single = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);
const day = (value: unknown) => {
  const text = typeof single(value) === 'string' ? (single(value) as string).trim() : '';
  return isCalendarDay(text) ? text : null;
};

/**
 * format, filter[from] and filter[to] (UTC days, both included): a 422 naming each field that is missing or wrong, any
 * other parameter a 400 (the list conventions). `withFormat` false for the receipts archive, which takes the period.
 */
export function parseAccountingQuery(
  query: Record<string, unknown>,
  withFormat: boolean,
): { format: AccountingExportFormat; period: DayRange } {
  const allowed = withFormat ? ['format', 'filter[from]', 'filter[to]'] : ['filter[from]', 'filter[to]'];
  const unknown = Object.keys(query).find((key) => !allowed.includes(key));
  if (unknown) throw badRequest(`Unknown parameter: ${unknown}.`);
  const errors: Record<string, string[]> = {};
  const format = ACCOUNTING_EXPORT_FORMATS.find((known) => known === single(query.format));
  const from = day(query['filter[from]']);
  const to = day(query['filter[to]']);
  if (withFormat && !format) errors.format = [ACCOUNTING_EXPORT_MESSAGES.format];
  if (!from) errors['filter.from'] = [ACCOUNTING_EXPORT_MESSAGES.from];
  if (!to) errors['filter.to'] = [ACCOUNTING_EXPORT_MESSAGES.to];
  else if (from && from > to) errors['filter.to'] = [ACCOUNTING_EXPORT_MESSAGES.order];
  if (Object.keys(errors).length || !from || !to) throw validationFailed(errors);
  return { format: format ?? 'quickbooks', period: { from, to } };
}

/** Every holder's name, card's label and category's GL code of the organisation, from their modules. */
async function accountingLabels(db: DbOrTx, orgId: number): Promise<AccountingLabels> {
  const all = { number: 1, size: 1_000_000 };
  const [holders, cards, categories] = await Promise.all([
    userIdsInNameOrder(db, orgId).then((ids) => namesOfUsers(db, orgId, ids)),
    listCards(db, orgId, {}, [], all, async () => []).then((result) => result.rows),
    listCategories(db, orgId),
  ]);
  return {
    holders: Object.fromEntries(holders),
    cards: Object.fromEntries(
      cards.map((card) => [card.id, card.nickname ? `•••• ${card.last4} (${card.nickname})` : `•••• ${card.last4}`]),
    ),
    glCodes: Object.fromEntries(
      categories.filter((category) => category.gl_code).map((category) => [category.id, category.gl_code!]),
    ),
    noCard: '•••• ',
  };
}

/** The byte order mark and the heading line, as the file starts. */
export const accountingHeader = (format: AccountingExportFormat) => `${BOM}${ACCOUNTING_HEADERS[format].join(',')}\r\n`;

/** The COPY statement of an accounting export, its values written in. */
export async function accountingCopyStatement(db: Db, job: AccountingExport): Promise<string> {
  const labels = await accountingLabels(db, job.orgId);
  const query = accountingRowsQuery(job.orgId, job.period, job.format, labels).compile(db);
  return `COPY (${inlined(query)}) TO STDOUT WITH (FORMAT csv)`;
}

/**
 * The period's statement as its download: one CSV (the BOM and heading, then PostgreSQL's rows) when it fits what an
 * import takes, else a ZIP of such CSVs (statement-files.ts), each named by `partName`. Resolves once the kind is known;
 * the rest streams at the download's pace, a failure then cutting it.
 */
export async function accountingExportFile(
  db: Db,
  connections: CopyConnections,
  job: AccountingExport,
  partName: (part: number) => string,
): Promise<StatementFile> {
  const statement = await accountingCopyStatement(db, job);
  const files = new StatementFiles(Buffer.from(accountingHeader(job.format)), partName);
  // A failure destroys `files` (the pipeline does), which rejects its file or cuts the ZIP under way.
  connections.copyOut(statement, files, csvRecords()).catch(() => undefined);
  return files.file;
}
