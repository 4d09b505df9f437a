import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A worker script of this folder: the .mjs beside the source when run from source (tsx), the .js beside main.js in the
 * built server (build.mjs names each entry after it).
 */
export const workerScript = (name: string) =>
  import.meta.url.endsWith('.ts')
    ? new URL(`./${name}.mjs`, import.meta.url)
    : new URL(`./${name}.js`, import.meta.url);

/** A file that keeps a decoder busy longer than this is given up on (the inbox marks it failed: picked by hand). */
const THREAD_TIMEOUT_MS = 60_000;

/**
 * Runs a worker script on `data` in a thread of its own and resolves with the one message it posts: work that would
 * otherwise hold the event loop (decoding, parsing) while card authorisations wait. The thread ends after, or when
 * it has not answered within `timeoutMs` (a crafted file must not keep a thread busy for ever).
 */
export function answerOfThread<T>(
  script: URL,
  data: unknown,
  {
    resourceLimits,
    what,
    timeoutMs = THREAD_TIMEOUT_MS,
  }: { resourceLimits: ResourceLimits; what: string; timeoutMs?: number },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(script, { workerData: data, resourceLimits });
    const timer = setTimeout(() => {
      reject(new Error(`The ${what} did not answer within ${timeoutMs / 1000} s.`));
      void worker.terminate();
    }, timeoutMs);
    worker.once('message', (answer: T) => {
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The ${what} stopped (exit ${code}) before it answered.`));
    });
  });
}
