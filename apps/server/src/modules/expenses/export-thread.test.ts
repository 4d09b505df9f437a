import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useTestApp } from '../../test/context.js';
import { spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { EXPORT_FIELD_NAMES, writeExport, type ExportJob } from './export.js';
import { ExportThreads, streamExport } from './export-thread.js';

/**
 * Large exports are written by a worker thread (export-thread.ts): the same file as one written in the request's
 * thread, the download's pace respected, a closed download stopping the thread, a failure reported.
 */
const ctx = useTestApp();
let world: SpendWorld;

let threads: ExportThreads;

beforeAll(async () => {
  world = await spendWorld(ctx);
  threads = new ExportThreads(ctx.databaseUrl);
});
afterAll(() => threads.close());

const jobOf = (format: 'csv' | 'xlsx', batchSize = 2): Omit<ExportJob, 'db'> => ({
  criteria: { orgId: world.orgId },
  sort: [{ column: 'posted_date', direction: 'desc' }],
  fields: EXPORT_FIELD_NAMES,
  format,
  batchSize,
});

/** Everything written into a download, read as it comes. */
function collected(out: PassThrough): () => Buffer {
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks);
}

async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('export thread', () => {
  it('writes the same CSV, byte for byte, as the request thread does', async () => {
    const inline = new PassThrough();
    const inlineBytes = collected(inline);
    await writeExport({ ...jobOf('csv'), db: ctx.db }, inline);

    const threaded = new PassThrough();
    const threadedBytes = collected(threaded);
    await threads.run(jobOf('csv'), threaded);

    expect(threadedBytes().length).toBeGreaterThan(200);
    expect(threadedBytes().toString('utf8')).toBe(inlineBytes().toString('utf8'));
    expect(threadedBytes().toString('utf8').split('\r\n')[0]).toMatch(/^Posted Date,Amount,Cardholder,/);
  });

  it('writes the same Excel rows as the request thread does', async () => {
    const inline = new PassThrough();
    const inlineBytes = collected(inline);
    await writeExport({ ...jobOf('xlsx'), db: ctx.db }, inline);
    const threaded = new PassThrough();
    const threadedBytes = collected(threaded);
    await threads.run(jobOf('xlsx'), threaded);

    const rows = await xlsxRows(threadedBytes());
    expect(rows.length).toBeGreaterThan(5);
    expect(rows[0]![0]).toBe('Posted Date');
    expect(rows).toEqual(await xlsxRows(inlineBytes()));
  });

  it('goes no further ahead of the download than a few chunks, and finishes once it is read', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const done = threads.run(jobOf('csv', 1), out);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Nobody has read yet: what waits is bounded (a few small chunks), not the whole file.
    const waiting = out.readableLength;
    expect(waiting).toBeGreaterThan(0);
    const bytes = collected(out);
    await done;
    expect(bytes().length).toBeGreaterThan(waiting);
  });

  it('stops when the download is closed half-way', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const done = threads.run(jobOf('csv', 1), out);
    out.once('data', () => out.destroy());
    out.resume();
    await expect(done).rejects.toThrow(/closed before it finished/);
    // The next export gets a thread of its own and is whole.
    const next = new PassThrough();
    const bytes = collected(next);
    await threads.run(jobOf('csv'), next);
    expect(bytes().toString('utf8')).toMatch(/^Posted Date,/);
  });

  it('keeps one thread ready between exports, and the reused thread writes the same file again', async () => {
    threads.warm();
    const first = new PassThrough();
    const firstBytes = collected(first);
    await threads.run(jobOf('csv'), first);
    const second = new PassThrough();
    const secondBytes = collected(second);
    await threads.run(jobOf('csv'), second);
    expect(secondBytes().toString('utf8')).toBe(firstBytes().toString('utf8'));
  });

  it('reports a failure (here, a database it cannot reach) as an error', async () => {
    const out = new PassThrough();
    const unreachable = new URL(ctx.databaseUrl);
    unreachable.port = '1';
    const elsewhere = new ExportThreads(unreachable.toString());
    await expect(elsewhere.run(jobOf('csv'), out)).rejects.toThrow(/ECONNREFUSED|connect/);
    await elsewhere.close();
  });

  it('streamExport writes small exports in the request thread and larger ones in the thread, the same file either way', async () => {
    const here = new PassThrough();
    const hereBytes = collected(here);
    await streamExport(ctx.db, threads, jobOf('csv'), here);
    const there = new PassThrough();
    const thereBytes = collected(there);
    await streamExport(ctx.db, threads, jobOf('csv'), there, 1);
    expect(thereBytes().toString('utf8')).toBe(hereBytes().toString('utf8'));
  });
});
