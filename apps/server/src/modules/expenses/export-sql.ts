import { sql, type RawBuilder } from 'kysely';
import type { ReceiptStatus } from '@wallet/contract';
import type { ExpenseCriteria, ResolvedSort } from './criteria.js';
import { receiptStatusSql } from './expense-policy.js';
import { expensesQuery } from './repo.js';

/*
 * The report export's statements (CSV and the Excel sheet's rows), written by PostgreSQL from the table's own query
 * (repo.ts expensesQuery): each cell worked out in the SELECT, labels of other modules' rows as constants.
 */

/** A CSV column of the report export, in the file's terms (Merchant Category has its key in a column of its own). */
export type CsvColumn =
  | 'posted_date'
  | 'amount'
  | 'cardholder'
  | 'card'
  | 'card_nickname'
  | 'card_purpose'
  | 'merchant'
  | 'merchant_category'
  | 'merchant_category_key'
  | 'merchant_category_code'
  | 'category'
  | 'gl_code'
  | 'team'
  | 'notes'
  | 'receipt'
  | 'type'
  | 'wallet';

/**
 * The cells other modules name, already neutralised, by id (written into the statement as constants, labelById: the
 * rows keep the table's order, which a join would not promise), and the fixed words the file uses.
 */
export interface CsvLabels {
  holders: Record<number, string>;
  cards: Record<number, string>;
  /** Cards' nicknames and purposes, neutralised (cards without one are left out). */
  cardNicknames: Record<number, string>;
  cardPurposes: Record<number, string>;
  categories: Record<number, string>;
  /** Categories' GL codes (issue 21.7; categories without one are left out). */
  glCodes: Record<number, string>;
  teams: Record<number, string>;
  /** Merchant category keys to their names; a key not here is named from its words (merchant_category_title, 0041). */
  merchantCategories: Record<string, string>;
  /** The cell of a card the cards module does not know, and of a transaction with no known category. */
  noCard: string;
  uncategorized: string;
  wallets: Record<string, string>;
  /** attached, missing, not_required to their labels. */
  receiptStatuses: Record<ReceiptStatus, string>;
}

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe; a plain number such as
 * -25.50 stays as it is: http/csv.ts's neutraliseCell, in SQL. The first character's code is read once (a simple
 * CASE), and the value itself once more: at a million rows every evaluation counts.
 */
export const neutralised = (value: RawBuilder<unknown>) => {
  const quoted = sql`'''' || ${value}`;
  return sql`CASE ascii(${value}) WHEN 61 THEN ${quoted} WHEN 43 THEN ${quoted} WHEN 64 THEN ${quoted} WHEN 9 THEN ${quoted}
  WHEN 13 THEN ${quoted} WHEN 45 THEN CASE WHEN ${value} ~ '^-[0-9]+(\\.[0-9]+)?$' THEN ${value} ELSE ${quoted} END
  ELSE ${value} END`;
};

/** Ids to a label at most this many, tested one after the other, make a leaf of labelById's search. */
const LEAF_SIZE = 4;

/**
 * The label of `id` (an integer column), NULL when `labels` has none: a binary search written as nested CASEs of
 * integer comparisons, each leaf a constant. Per row, a few comparisons of a column with constants and no copy of
 * the label, where a JSON map's lookup wrote the id as text and searched the map's keys (a third of the export's
 * PostgreSQL CPU at a million rows, issue 19.8). PARALLEL SAFE as any expression of constants.
 */
export function labelById(id: RawBuilder<unknown>, labels: Record<number, string>): RawBuilder<unknown> {
  const entries = Object.entries(labels)
    .map(([key, label]) => [Number(key), label] as const)
    .sort((a, b) => a[0] - b[0]);
  if (entries.length === 0) return sql`NULL::text`;
  const search = (from: number, to: number): RawBuilder<unknown> => {
    if (to - from <= LEAF_SIZE)
      return sql`CASE ${id} ${sql.join(
        entries.slice(from, to).map(([key, label]) => sql`WHEN ${sql.lit(key)} THEN ${label}::text`),
        sql` `,
      )} END`;
    const middle = (from + to) >> 1;
    return sql`CASE WHEN ${id} < ${sql.lit(entries[middle]![0])} THEN ${search(from, middle)} ELSE ${search(middle, to)} END`;
  };
  return search(0, entries.length);
}

/** The label of a text `key` out of a few (wallets), NULL for another: a CASE of constants. */
const labelByKey = (key: RawBuilder<unknown>, labels: Record<string, string>) =>
  sql`CASE ${key} ${sql.join(
    Object.entries(labels).map(([value, label]) => sql`WHEN ${value}::text THEN ${label}::text`),
    sql` `,
  )} END`;

/** Cells that always hold something: no NULLIF needed (one comparison less per row each). */
const NEVER_EMPTY = new Set<CsvColumn>(['posted_date', 'amount', 'card', 'type', 'wallet', 'receipt']);

/**
 * Each column's cell as text, worked out in SQL: what the CSV file holds, and an Excel sheet's text cells. Labels are
 * constants, written as the file needs them; `text` writes the transactions' own text (identity for CSV).
 */
function exportCells(
  criteria: ExpenseCriteria,
  labels: CsvLabels,
  text: (value: RawBuilder<unknown>) => RawBuilder<unknown> = (value) => value,
): Record<CsvColumn, RawBuilder<unknown>> {
  // A few hundred keys of text: one JSON lookup (a search by CASEs would read the key again at every step).
  const map = (values: Record<string, string>) => sql`${JSON.stringify(values)}::jsonb`;
  const category = sql`(e.merchant_data->>'category')`;
  return {
    // The UTC day (stripe_created is never before 1970), as DateStyle ISO writes a date: YYYY-MM-DD.
    posted_date: sql`date '1970-01-01' + (e.stripe_created / 86400)::int`,
    amount: sql`e.amount * 0.01`,
    cardholder: labelById(sql`e.user_id`, labels.holders),
    card: sql`coalesce(${labelById(sql`e.card_id`, labels.cards)}, ${labels.noCard})`,
    card_nickname: labelById(sql`e.card_id`, labels.cardNicknames),
    card_purpose: labelById(sql`e.card_id`, labels.cardPurposes),
    merchant: text(neutralised(sql`(e.merchant_data->>'name')`)),
    // A key the contract names is one lookup; another one is named from its words by merchant_category_title.
    merchant_category: sql`coalesce(${map(labels.merchantCategories)} ->> ${category}, CASE WHEN ${category} IS NOT NULL
      THEN ${text(neutralised(sql`merchant_category_title(${category})`))} END)`,
    merchant_category_key: text(neutralised(category)),
    merchant_category_code: text(neutralised(sql`(e.merchant_data->>'category_code')`)),
    category: sql`coalesce(${labelById(sql`e.wallet_category_id`, labels.categories)}, ${labels.uncategorized})`,
    // A GL code starts with a letter or digit (its CHECK): nothing to neutralise.
    gl_code: labelById(sql`e.wallet_category_id`, labels.glCodes),
    team: labelById(sql`e.team_id`, labels.teams),
    notes: text(neutralised(sql`e.notes`)),
    receipt: receiptStatusSql(criteria.policy, labels.receiptStatuses),
    type: sql`e.type`,
    wallet: labelByKey(sql`e.wallet`, labels.wallets),
  };
}

/**
 * The report export's rows as PostgreSQL writes them in CSV: each cell worked out in the SELECT (days in UTC, amounts
 * as 12.50, labels, formula neutralisation), with the table's filters and order. An empty cell is NULL, which COPY
 * writes as nothing (an empty string it would quote). The session's DateStyle must be ISO (csv-export.ts sets it).
 */
export function expensesCsvQuery(
  criteria: ExpenseCriteria,
  sort: readonly ResolvedSort[],
  columns: readonly CsvColumn[],
  labels: CsvLabels,
) {
  const cells = exportCells(criteria, labels);
  return sql`SELECT ${sql.join(
    columns.map((column) => (NEVER_EMPTY.has(column) ? cells[column] : sql`nullif(${cells[column]}, '')`)),
  )} ${expensesQuery(criteria, sort)}`;
}

/** Excel's serial day of 1970-01-01 (exceljs's dateToExcel, the 1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * What a sheet's text cell cannot hold as it is: the five XML entities; characters XML 1.0 cannot hold (exceljs's
 * xmlEncode drops them); tab, line breaks and backslashes, which COPY's text format would write with a backslash (as
 * character references they are the same text to an XML reader, and every row passes through COPY as it is; a literal
 * CR would even be read back as a line feed).
 */
const XML_CELL_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&apos;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\\': '&#92;',
};
// eslint-disable-next-line no-control-regex
const XML_CELL_SPECIAL = /[&<>'"\t\n\r\\\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g;
/** The same characters as a PostgreSQL regular expression (NUL cannot be in text there). */
const XML_CELL_SPECIAL_SQL = String.raw`[&<>'"\t\n\r\\\x01-\x08\x0B\x0C\x0E-\x1F\x7F]`;
const NOT_IN_XML = Array.from({ length: 32 }, (_, code) => code)
  .filter((code) => code !== 0 && code !== 9 && code !== 10 && code !== 13)
  .map((code) => String.fromCharCode(code))
  .join('')
  .concat('\x7F');

/** Text as a sheet's cell holds it (XML_CELL_ESCAPES): for the labels, which the statement holds as constants. */
const xmlCellText = (text: string): string => text.replace(XML_CELL_SPECIAL, (char) => XML_CELL_ESCAPES[char] ?? '');

/** The same, in SQL, for a transaction's own text; most have nothing to escape, which one match finds out. */
function xmlCellSql(value: RawBuilder<unknown>): RawBuilder<unknown> {
  const escaped = Object.entries(XML_CELL_ESCAPES).reduce(
    (text, [from, to]) => sql`replace(${text}, ${sql.lit(from)}, ${sql.lit(to)})`,
    sql`translate(${value}, ${sql.lit(NOT_IN_XML)}, '')`,
  );
  return sql`CASE WHEN ${value} ~ ${sql.lit(XML_CELL_SPECIAL_SQL)} THEN ${escaped} ELSE ${value} END`;
}

/** Every label written as a sheet's text cell holds it. */
function xmlLabels(labels: CsvLabels): CsvLabels {
  const escaped = <K extends string>(values: Record<K, string>) =>
    Object.fromEntries(Object.entries<string>(values).map(([key, text]) => [key, xmlCellText(text)])) as Record<
      K,
      string
    >;
  return {
    holders: escaped(labels.holders),
    cards: escaped(labels.cards),
    cardNicknames: escaped(labels.cardNicknames),
    cardPurposes: escaped(labels.cardPurposes),
    categories: escaped(labels.categories),
    glCodes: escaped(labels.glCodes),
    teams: escaped(labels.teams),
    merchantCategories: escaped(labels.merchantCategories),
    noCard: xmlCellText(labels.noCard),
    uncategorized: xmlCellText(labels.uncategorized),
    wallets: escaped(labels.wallets),
    receiptStatuses: escaped(labels.receiptStatuses),
  };
}

/** Where a sheet row's number goes, until it is known (NOT_IN_XML: no cell holds it). */
const ROW = '\x01';

/** Column letters A, B, ... (an export has at most a few dozen columns). */
const columnName = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

/**
 * The report export's rows as an Excel sheet's XML, one row per line, written by PostgreSQL: the XML exceljs's row and
 * cell writers give (strings as t="str", days as serial numbers with `dateStyle`, amounts as numbers), the same text
 * as the CSV's cells, in the table's filters and order. The rows are numbered from 2 (the header is row 1) in the
 * order the inner query returns them, which no step after it changes.
 */
export function expensesSheetQuery(
  criteria: ExpenseCriteria,
  sort: readonly ResolvedSort[],
  columns: readonly CsvColumn[],
  labels: CsvLabels,
  dateStyle: number,
) {
  const cells = exportCells(criteria, xmlLabels(labels), xmlCellSql);
  // The row is put together in the parallel workers with ROW where its number goes (no cell holds that character),
  // the number written in once the workers' rows are merged in order.
  const pieces: Array<string | RawBuilder<unknown>> = [
    `<row r="${ROW}" spans="1:${columns.length}" x14ac:dyDescent="0.25">`,
  ];
  columns.forEach((column, index) => {
    const ref = `<c r="${columnName(index)}${ROW}"`;
    if (column === 'posted_date')
      pieces.push(`${ref} s="${dateStyle}"><v>`, sql`(${sql.lit(UNIX_EPOCH_SERIAL)} + e.stripe_created / 86400)`);
    // The double nearest to amount / 100, written as JavaScript writes it (PostgreSQL's shortest exact output).
    else if (column === 'amount') pieces.push(`${ref}><v>`, sql`(e.amount::float8 / 100)`);
    else pieces.push(`${ref} t="str"><v>`, sql`coalesce(${cells[column]}, '')`);
    pieces.push('</v></c>');
  });
  pieces.push('</row>');
  // Constants next to each other as one: a || copies the row so far.
  const merged = pieces.reduce<Array<string | RawBuilder<unknown>>>((all, piece) => {
    const last = all.at(-1);
    if (typeof piece === 'string' && typeof last === 'string') all[all.length - 1] = last + piece;
    else all.push(piece);
    return all;
  }, []);
  const row = sql.join(
    merged.map((piece) => (typeof piece === 'string' ? sql.lit(piece) : piece)),
    sql` || `,
  );
  return sql`SELECT replace(x, ${sql.lit(ROW)}, (row_number() OVER () + 1)::text)
    FROM (SELECT ${row} AS x ${expensesQuery(criteria, sort)}) numbered`;
}
