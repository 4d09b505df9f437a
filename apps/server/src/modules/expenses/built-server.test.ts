import { execFile } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useTestApp } from '../../test/context.js';
import { spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { EXPORT_FIELD_NAMES, writeExport, type ExportRequest } from './export.js';
import { ExportThreads } from './export-thread.js';
import { CopyConnections } from './csv-export.js';
import { DEFAULT_EXPENSE_POLICY } from './expense-policy.js';
import { drawPdfReceipt } from '../../test/receipt-images.js';

/**
 * The production build (apps/server/build.mjs, run by `npm start` and `npm run build`): what it writes runs without
 * tsx. The e2e suite drives the built main.js; here the export thread, a separate entry file found beside main.js.
 */
const ctx = useTestApp();
const run = promisify(execFile);
let outdir: string;
let world: SpendWorld;

beforeAll(async () => {
  // Inside the repository (.tmp/ is ignored), so the built files find node_modules as dist/ does.
  const scratch = path.resolve(import.meta.dirname, '../../../../../.tmp');
  await fs.mkdir(scratch, { recursive: true });
  outdir = await fs.mkdtemp(path.join(scratch, 'server-build-'));
  await run(process.execPath, [path.resolve(import.meta.dirname, '../../../build.mjs'), outdir]);
  world = await spendWorld(ctx);
}, 120_000);
afterAll(() => fs.rm(outdir, { recursive: true, force: true }));

describe('server build', () => {
  it('writes main.js, cli.js and the export thread as plain JavaScript with source maps', async () => {
    const files = await fs.readdir(outdir);
    expect(files).toEqual(
      expect.arrayContaining([
        'main.js',
        'main.js.map',
        'cli.js',
        'export-thread-worker.js',
        'heic-worker.js',
        'ocr-worker.js',
        'pdf-text-worker.js',
      ]),
    );
    // Dependencies stay in node_modules; only our own contract is bundled in.
    const main = await fs.readFile(path.join(outdir, 'main.js'), 'utf8');
    expect(main).toMatch(/from "fastify"/);
    expect(main).not.toMatch(/from "@wallet\/contract"/);
  });

  it("runs the built export thread: the same workbook rows as the request's thread writes", async () => {
    const job: ExportRequest = {
      criteria: { orgId: world.orgId, policy: DEFAULT_EXPENSE_POLICY },
      sort: [{ column: 'posted_date', direction: 'desc' }],
      fields: EXPORT_FIELD_NAMES,
      format: 'xlsx',
    };
    const collect = async (write: (out: PassThrough) => Promise<void>) => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      await write(out);
      return rowsOf(Buffer.concat(chunks));
    };
    const threads = new ExportThreads(ctx.databaseUrl, pathToFileURL(path.join(outdir, 'export-thread-worker.js')));
    const copies = new CopyConnections(ctx.databaseUrl);
    try {
      const built = await collect((out) => threads.run(job, out));
      const expected = await collect((out) => writeExport({ ...job, db: ctx.db, copies }, out));
      expect(built.length).toBeGreaterThan(3);
      expect(built).toEqual(expected);
    } finally {
      await Promise.all([threads.close(), copies.close()]);
    }
  });

  it("runs the built PDF reader thread: a receipt PDF's text, read off the event loop", async () => {
    const pdf = drawPdfReceipt(['Delta Air Lines', 'Date: 2025-04-30', 'Total Due 1,300.50']);
    const reader = new Worker(pathToFileURL(path.join(outdir, 'pdf-text-worker.js')), { workerData: pdf });
    const [text] = (await once(reader, 'message')) as [string];
    await reader.terminate();
    expect(text.split('\n').map((line) => line.trim())).toEqual([
      'Delta Air Lines',
      'Date: 2025-04-30',
      'Total Due 1,300.50',
    ]);
  });
});

/** A workbook's rows, cell values only. */
async function rowsOf(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
