import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useTestApp } from '../../test/context.js';
import { spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { EXPORT_FIELD_NAMES, writeExport, type ExportRequest } from './export.js';
import { waitFor } from '../../test/helpers.js';
import { EXPORT_CHUNKS_IN_FLIGHT, ExportThreads, streamExport } from './export-thread.js';
import { CopyConnections } from './csv-export.js';
import { DEFAULT_EXPENSE_POLICY } from './expense-policy.js';

/**
 * Large Excel exports are written by a worker thread (export-thread.ts): the same rows as a workbook written in the
 * request's thread, the download's pace respected, a closed download stopping the thread, a failure reported. CSV
 * never needs one: PostgreSQL writes it (csv-export.ts).
 */
const ctx = useTestApp();
let world: SpendWorld;

let threads: ExportThreads;
let copies: CopyConnections;

beforeAll(async () => {
  world = await spendWorld(ctx);
  threads = new ExportThreads(ctx.databaseUrl);
  copies = new CopyConnections(ctx.databaseUrl);
});
afterAll(() => Promise.all([threads.close(), copies.close()]));

const jobOf = (format: 'csv' | 'xlsx' = 'xlsx'): ExportRequest => ({
  criteria: { orgId: world.orgId, policy: DEFAULT_EXPENSE_POLICY },
  sort: [{ column: 'posted_date', direction: 'desc' }],
  fields: EXPORT_FIELD_NAMES,
  format,
});

/** Everything written into a download, read as it comes. */
function collected(out: PassThrough): () => Buffer {
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks);
}

/** The whole file one way of exporting writes. */
async function written(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = collected(out);
  await write(out);
  return bytes();
}
const inRequestThread = () => written((out) => writeExport({ ...jobOf(), db: ctx.db, copies }, out));
const inExportThread = () => written((out) => threads.run(jobOf(), out));

async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('export thread', () => {
  it('writes the same Excel rows as the request thread does', async () => {
    const rows = await xlsxRows(await inExportThread());
    expect(rows.length).toBeGreaterThan(5);
    expect(rows[0]![0]).toBe('Posted Date');
    expect(rows).toEqual(await xlsxRows(await inRequestThread()));
  });

  it('goes no further ahead of the download than its chunks in flight, and finishes once it is read', async () => {
    const whole = await inRequestThread();
    // Every chunk the thread sends is written into the download (each one past its 1-byte mark, so none is taken).
    const out = new PassThrough({ highWaterMark: 1 });
    let chunksWritten = 0;
    const write = out.write.bind(out) as (chunk: Buffer) => boolean;
    out.write = ((chunk: Buffer) => {
      chunksWritten++;
      return write(chunk);
    }) as typeof out.write;
    let finished = false;
    const done = threads.run(jobOf('xlsx'), out).finally(() => (finished = true));
    // Nobody reads: the thread sends its chunks in flight, then waits for the download to take one.
    await waitFor(async () => chunksWritten >= EXPORT_CHUNKS_IN_FLIGHT);
    expect(chunksWritten).toBe(EXPORT_CHUNKS_IN_FLIGHT);
    expect(finished).toBe(false);
    const waiting = out.readableLength;
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(whole.length);
    const bytes = collected(out);
    await done;
    expect(await xlsxRows(bytes())).toEqual(await xlsxRows(whole));
  });

  it('stops when the download is closed half-way', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const done = threads.run(jobOf('xlsx'), out);
    out.once('data', () => out.destroy());
    out.resume();
    await expect(done).rejects.toThrow(/closed before it finished/);
    // The next export gets a thread of its own and is whole.
    expect(await xlsxRows(await inExportThread())).toEqual(await xlsxRows(await inRequestThread()));
  });

  it('keeps one thread ready between exports, and the reused thread writes the same rows again', async () => {
    threads.warm();
    const first = await inExportThread();
    expect(await xlsxRows(await inExportThread())).toEqual(await xlsxRows(first));
  });

  it('reports a failure (here, a database it cannot reach) as an error', async () => {
    const out = new PassThrough();
    const unreachable = new URL(ctx.databaseUrl);
    unreachable.port = '1';
    const elsewhere = new ExportThreads(unreachable.toString());
    await expect(elsewhere.run(jobOf(), out)).rejects.toThrow(/ECONNREFUSED|connect/);
    await elsewhere.close();
  });

  it('streamExport writes small workbooks in the request thread and larger ones in the thread, and CSV never there', async () => {
    const runs: string[] = [];
    const counted = Object.assign(Object.create(threads) as ExportThreads, {
      run: (job: ExportRequest, out: PassThrough) => {
        runs.push(job.format);
        return threads.run(job, out);
      },
    });
    const here = await written((out) => streamExport(ctx.db, counted, copies, jobOf(), out));
    expect(runs).toEqual([]);
    const there = await written((out) => streamExport(ctx.db, counted, copies, jobOf(), out, 1));
    expect(runs).toEqual(['xlsx']);
    expect(await xlsxRows(there)).toEqual(await xlsxRows(here));
    const csv = await written((out) => streamExport(ctx.db, counted, copies, jobOf('csv'), out, 1));
    expect(runs).toEqual(['xlsx']);
    expect(csv.toString('utf8')).toMatch(/^Posted Date,Amount,Cardholder,/);
  });
});
