import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../../db/database.js';
import { writeExport, type ExportRequest } from './export.js';
import { CopyConnections } from './csv-export.js';
import {
  EXPORT_CHUNKS_IN_FLIGHT,
  type ExportThreadData,
  type ToExportThread,
  type FromExportThread,
} from './export-thread.js';

/**
 * An export thread (export-thread.ts starts it): writes one report at a time with its own database connections and
 * sends the bytes to the main thread, no further ahead than the download reads them.
 */
const port = parentPort!;
const { databaseUrl } = workerData as ExportThreadData;
// The labels (names, cards, teams) are read on `db`, the rows COPYed on a connection of their own.
const db = createDb(databaseUrl, 2);
const copies = new CopyConnections(databaseUrl, 1);
let inFlight = 0;
let resume: (() => void) | null = null;

const send = (message: FromExportThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function runExport(job: ExportRequest): Promise<void> {
  inFlight = 0;
  resume = null;
  const toMainThread = new Writable({
    highWaterMark: 256 * 1024,
    writev(chunks, callback) {
      // One message for everything written since the last one; the copy's memory moves to the main thread.
      const bytes = new Uint8Array(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer)));
      send({ type: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
      inFlight++;
      if (inFlight < EXPORT_CHUNKS_IN_FLIGHT) callback();
      else resume = () => callback();
    },
  });
  try {
    const finished = new Promise<void>((resolve, reject) => {
      toMainThread.once('finish', resolve);
      toMainThread.once('error', reject);
    });
    await writeExport({ ...job, db, copies }, toMainThread);
    await finished;
    send({ type: 'end' });
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (message: ToExportThread) => {
  if (message.type === 'job') {
    void runExport(message.job);
    return;
  }
  inFlight--;
  const next = resume;
  resume = null;
  next?.();
});
