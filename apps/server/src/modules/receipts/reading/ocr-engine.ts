import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createWorker, type Worker } from 'tesseract.js';
import { workerScript } from './thread.js';

/**
 * Tesseract (tesseract.js: WebAssembly in a worker thread of its own, so recognition never runs on the event loop)
 * with the English model from the npm registry (@tesseract.js-data/eng): nothing is downloaded at run time and no
 * receipt leaves the server. One worker per process, started on the first receipt, reused after, recognising one
 * image at a time (a receipt job at a time: readings queue in pg-boss, not in memory).
 */
const require = createRequire(import.meta.url);
const english = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

let worker: Promise<Worker> | undefined;

/** Tesseract's worker script behind ours, which lowers the thread's priority first; built beside main.js. */
const WORKER_SCRIPT = workerScript('ocr-worker');

function ocrWorker(): Promise<Worker> {
  worker ??= createWorker('eng', 1, {
    workerPath: fileURLToPath(WORKER_SCRIPT),
    langPath: english.langPath,
    gzip: english.gzip,
    // The model is read from node_modules each start; no cache written beside it.
    cacheMethod: 'none',
    logger: () => undefined,
    errorHandler: () => undefined,
  }).catch((error: unknown) => {
    worker = undefined;
    throw error;
  });
  return worker;
}

/** The text Tesseract reads in a prepared image (PNG). */
export async function recogniseText(png: Buffer): Promise<string> {
  const { data } = await (await ocrWorker()).recognize(png);
  return data.text;
}

/** Ends the worker thread (shutdown, tests). */
export async function stopOcrEngine(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await (await running.catch(() => null))?.terminate();
}
