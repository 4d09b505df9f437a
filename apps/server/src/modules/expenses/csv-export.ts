import { Transform, type TransformCallback, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { MERCHANT_CATEGORY_NAMES, RECEIPT_STATUS_LABELS } from '@wallet/contract';
import { SESSION_OPTIONS, type Db, type DbOrTx } from '../../db/database.js';
import { neutraliseCell } from '../../http/csv.js';
import { listCards } from '../cards/service.js';
import { listTeams } from '../teams/service.js';
import { namesOfUsers, userIdsInNameOrder } from '../users/service.js';
import { listCategories } from '../wallet-categories/service.js';
import { UNCATEGORIZED, WALLET_LABELS, type ExpenseCriteria, type ResolvedSort } from './criteria.js';
import { expensesCsvQuery, expensesSheetQuery, type CsvColumn, type CsvLabels } from './export-sql.js';

/**
 * The CSV report export, written by PostgreSQL: COPY (SELECT ...) TO STDOUT with every cell worked out in the SELECT
 * (export-sql.ts expensesCsvQuery), its bytes passed on to the download at the download's pace. Node.js only turns the
 * line ends into CRLF, so a million rows cost the server a small part of what formatting them here did.
 */

/**
 * Connections of their own for exports: a COPY holds its connection for the whole download, which must not starve
 * the requests' pool; beyond this many exports at once, the next waits for one to finish.
 */
const EXPORT_CONNECTIONS = 3;

export class CopyConnections {
  private readonly pool: pg.Pool;

  /** `max`: exports at once (an export thread writes one at a time). */
  constructor(databaseUrl: string, max = EXPORT_CONNECTIONS) {
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max,
      idleTimeoutMillis: 10_000,
      // Dates written as YYYY-MM-DD whatever the server's default (expensesCsvQuery's posted_date). A parallel plan
      // made cheap: the cells are worked out in parallel workers, the rows merged in order (Gather Merge); PostgreSQL's
      // default costs judge handing a million rows between processes dearer than the work it shares (issue 19.8).
      // The leader only merges and writes the CSV: taking rows itself too made it the slowest (3.8 -> 3.2 s).
      options: `${SESSION_OPTIONS} -c DateStyle=ISO -c parallel_setup_cost=100 -c parallel_tuple_cost=0.001 -c parallel_leader_participation=off`,
    });
    // As db/database.ts: a connection the server closed, idle or in use, must not crash the process.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /**
   * Streams `statement`'s COPY output into `out`, through `transform` if given; `out` is ended. A connection whose COPY
   * did not finish (the download closed, a failure) is closed rather than reused, and PostgreSQL stops the query when
   * it next writes.
   */
  async copyOut(statement: string, out: Writable, transform?: Transform): Promise<void> {
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      const rows = client.query(copyTo(statement));
      await (transform ? pipeline(rows, transform, out) : pipeline(rows, out));
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw failure;
    } finally {
      client.release(failure ?? false);
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** A value written into the statement: COPY takes no parameters. Only our own criteria's numbers, text and lists. */
function literal(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a number to write into SQL: ${value}`);
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (Array.isArray(value)) return value.length ? `ARRAY[${value.map(literal).join(', ')}]` : `'{}'`;
  throw new Error(`A value SQL cannot be written with: ${typeof value}`);
}

/** The compiled statement with its parameters ($1, $2, ...) written in as literals, in one pass. */
export function inlined(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, index: string) => literal(query.parameters[Number(index) - 1]));
}

/**
 * Where records end in a chunk of COPY's CSV: the positions of its line feeds outside quoted cells (a note on two lines
 * keeps its line break). Quotes toggle the state, a doubled quote toggling it twice; `state` carries it to the next
 * chunk.
 */
function recordEnds(chunk: Buffer, state: { quoted: boolean }): number[] {
  const ends: number[] = [];
  let quote = chunk.indexOf(0x22);
  for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, newline + 1)) {
    // The quotes before this line break decide whether it ends a record.
    for (; quote !== -1 && quote < newline; quote = chunk.indexOf(0x22, quote + 1)) state.quoted = !state.quoted;
    if (!state.quoted) ends.push(newline);
  }
  for (; quote !== -1; quote = chunk.indexOf(0x22, quote + 1)) state.quoted = !state.quoted;
  return ends;
}

/** LF record ends to CRLF, as the file has always had them (a line break inside a quoted cell stays as it is). */
export function crlfRecords(): Transform {
  const state = { quoted: false };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const parts: Buffer[] = [];
      let from = 0;
      for (const end of recordEnds(chunk, state)) {
        parts.push(chunk.subarray(from, end), CRLF);
        from = end + 1;
      }
      parts.push(chunk.subarray(from));
      callback(null, Buffer.concat(parts));
    },
  });
}

/** COPY's CSV as whole records, one Buffer each ending in CRLF (object mode): for files split between records. */
export function csvRecords(): Transform {
  const state = { quoted: false };
  let partial: Buffer[] = [];
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let from = 0;
      for (const end of recordEnds(chunk, state)) {
        this.push(Buffer.concat([...partial, chunk.subarray(from, end), CRLF]));
        partial = [];
        from = end + 1;
      }
      if (from < chunk.length) partial.push(chunk.subarray(from));
      callback();
    },
    flush(callback: TransformCallback) {
      // COPY ends every record with a line feed: anything left is a record cut short.
      callback(partial.length ? new Error('The CSV ended inside a record.') : null);
    },
  });
}
const CRLF = Buffer.from('\r\n');

/** Every holder, card, category and team of the organisation as its neutralised cell, from their modules. */
async function csvLabels(db: DbOrTx, orgId: number): Promise<CsvLabels> {
  const all = { number: 1, size: 1_000_000 };
  const [holders, cards, categories, teams] = await Promise.all([
    userIdsInNameOrder(db, orgId).then((ids) => namesOfUsers(db, orgId, ids)),
    listCards(db, orgId, {}, [], all, async () => []).then((result) => result.rows),
    listCategories(db, orgId),
    listTeams(db, orgId, {}, [], all).then((result) => result.rows),
  ]);
  const cells = <T>(rows: Iterable<T>, entry: (row: T) => [number | string, string]) =>
    Object.fromEntries([...rows].map(entry).map(([key, text]) => [key, neutraliseCell(text)]));
  return {
    holders: cells(holders, ([id, name]) => [id, name]),
    // Written by us from digits: nothing to neutralise, as before.
    cards: Object.fromEntries(cards.map((card) => [card.id, `•••• ${card.last4}`])),
    cardNicknames: cells(
      cards.filter((card) => card.nickname),
      (card) => [card.id, card.nickname!],
    ),
    cardPurposes: cells(
      cards.filter((card) => card.purpose),
      (card) => [card.id, card.purpose!],
    ),
    categories: cells(categories, (category) => [category.id, category.name]),
    glCodes: Object.fromEntries(
      categories.filter((category) => category.gl_code).map((category) => [category.id, category.gl_code!]),
    ),
    teams: cells(teams, (team) => [team.id, team.name]),
    merchantCategories: cells(Object.entries(MERCHANT_CATEGORY_NAMES), ([key, name]) => [key, name]),
    noCard: '•••• ',
    uncategorized: neutraliseCell(UNCATEGORIZED),
    wallets: WALLET_LABELS,
    receiptStatuses: RECEIPT_STATUS_LABELS,
  };
}

export interface CsvExport {
  criteria: ExpenseCriteria;
  sort: readonly ResolvedSort[];
  columns: readonly CsvColumn[];
  /** The header line, as the file has it (CRLF included). */
  header: string;
}

/** The COPY statement of a CSV export, its values written in. */
export async function csvCopyStatement(db: Db, job: Omit<CsvExport, 'header'>): Promise<string> {
  const labels = await csvLabels(db, job.criteria.orgId);
  const query = expensesCsvQuery(job.criteria, job.sort, job.columns, labels).compile(db);
  return `COPY (${inlined(query)}) TO STDOUT WITH (FORMAT csv)`;
}

/**
 * The COPY statement of an Excel export's sheet rows (export-sql.ts expensesSheetQuery), its values written in. Text format:
 * the rows hold nothing it would escape, so each comes out as it is, one per line.
 */
export async function sheetCopyStatement(
  db: Db,
  job: Omit<CsvExport, 'header'> & { dateStyle: number },
): Promise<string> {
  const labels = await csvLabels(db, job.criteria.orgId);
  const query = expensesSheetQuery(job.criteria, job.sort, job.columns, labels, job.dateStyle).compile(db);
  return `COPY (${inlined(query)}) TO STDOUT`;
}

/** The CSV report into `out`: the header, then PostgreSQL's rows; `out` is ended. */
export async function copyCsvExport(db: Db, connections: CopyConnections, job: CsvExport, out: Writable) {
  const statement = await csvCopyStatement(db, job);
  out.write(job.header);
  await connections.copyOut(statement, out, crlfRecords());
}
