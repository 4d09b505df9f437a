import type { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { EXPENSE_COUNT_LIMIT } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { countExpenses } from './repo.js';
import { writeExport, type ExportRequest } from './export.js';
import type { CopyConnections } from './csv-export.js';

/** What an export thread is started with: where the database is. */
export interface ExportThreadData {
  databaseUrl: string;
}
/** A report to write (plain data, structured-cloned), or word that the download took a chunk. */
export type ToExportThread = { type: 'job'; job: ExportRequest } | { type: 'taken' };
export type FromExportThread =
  { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'error'; message: string };
/** Chunks a thread sends that the download has not taken yet: it waits beyond this many. */
export const EXPORT_CHUNKS_IN_FLIGHT = 4;

/** Run from source (tsx), the thread boots through tsx too; the built server has its worker beside main.js. */
const BOOT = import.meta.url.endsWith('.ts')
  ? new URL('./export-thread-boot.mjs', import.meta.url)
  : new URL('./export-thread-worker.js', import.meta.url);
/**
 * A thread's heap is capped, so a large export leaves the process's memory flat: with room to spare, V8 lets
 * short-lived buffers pile up in the old generation before collecting them. What an export holds at a time (the
 * labels, a chunk of PostgreSQL's rows, exceljs's and the zip's buffers) is a few MB.
 */
const THREAD_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/** Writes one report on `worker` into `out`, at the download's pace; rejects when it fails or the download closes. */
function exportOn(worker: Worker, job: ExportRequest, out: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const taken = () => worker.postMessage({ type: 'taken' } satisfies ToExportThread);
    const onMessage = (message: FromExportThread) => {
      if (message.type === 'chunk') {
        if (out.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength))) taken();
        else out.once('drain', taken);
      } else if (message.type === 'end') {
        out.end();
        settle();
      } else settle(new Error(message.message));
    };
    const onExit = (code: number) =>
      settle(new Error(`The export stopped before it finished (thread exit code ${code}).`));
    const onClose = () => settle(new Error('The download was closed before it finished.'));
    function settle(error?: Error) {
      if (settled) return;
      settled = true;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    }
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    out.once('close', onClose);
    worker.postMessage({ type: 'job', job } satisfies ToExportThread);
  });
}

/**
 * Large Excel exports run in worker threads: building a workbook of many rows (seconds of CPU) then never holds up the
 * main thread's requests, card authorisations among them, nor its memory. One thread is kept ready (`warm`): a new
 * one first loads the export code, which costs more memory and time than a whole export. A thread whose export
 * failed or was abandoned is stopped (its query with it) and not reused.
 */
export class ExportThreads {
  private ready: Worker | null = null;
  private closed = false;

  /** `entry`: the thread's module; tests give the built one (apps/server/build.mjs) to check what production runs. */
  constructor(
    private readonly databaseUrl: string,
    private readonly entry: URL = BOOT,
  ) {}

  /** Starts the thread the next export will use, if there is none yet. */
  warm(): void {
    if (!this.ready && !this.closed) this.ready = this.spawn();
  }

  async run(job: ExportRequest, out: PassThrough): Promise<void> {
    const worker = this.ready ?? this.spawn();
    this.ready = null;
    try {
      await exportOn(worker, job, out);
    } catch (error) {
      void worker.terminate();
      throw error;
    }
    if (this.ready || this.closed) void worker.terminate();
    else this.ready = worker;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.ready;
    this.ready = null;
    await worker?.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(this.entry, {
      workerData: { databaseUrl: this.databaseUrl } satisfies ExportThreadData,
      resourceLimits: THREAD_HEAP,
      execArgv: [],
    });
    // A thread kept ready never keeps the process alive, and its failure is reported by the export that uses it.
    worker.unref();
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      if (this.ready === worker) this.ready = null;
    });
    return worker;
  }
}

/**
 * The report as a download. CSV: PostgreSQL writes it (COPY), the bytes only pass through. Excel: PostgreSQL writes
 * the sheet's rows, zipped into the workbook right here when small (up to EXPENSE_COUNT_LIMIT rows), by an export
 * thread when larger. `threadAbove` lowers the limit
 * for tests.
 */
export async function streamExport(
  db: Db,
  threads: ExportThreads,
  copies: CopyConnections,
  job: ExportRequest,
  out: PassThrough,
  threadAbove = EXPENSE_COUNT_LIMIT,
): Promise<void> {
  if (job.format === 'csv') return writeExport({ ...job, db, copies }, out);
  const { total, complete } = await countExpenses(db, job.criteria, threadAbove);
  if (complete && total <= threadAbove) return writeExport({ ...job, db, copies }, out);
  return threads.run(job, out);
}
