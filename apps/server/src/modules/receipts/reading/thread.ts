import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A worker script of this folder: the .mjs beside the source when run from source (tsx), the .js beside main.js in the
 * built server (build.mjs names each entry after it).
 */
export const workerScript = (name: string) =>
  import.meta.url.endsWith('.ts')
    ? new URL(`./${name}.mjs`, import.meta.url)
    : new URL(`./${name}.js`, import.meta.url);

/**
 * Runs a worker script on `data` in a thread of its own and resolves with the one message it posts: work that would
 * otherwise hold the event loop (decoding, parsing) while card authorisations wait. The thread ends after.
 */
export function answerOfThread<T>(
  script: URL,
  data: unknown,
  { resourceLimits, what }: { resourceLimits: ResourceLimits; what: string },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(script, { workerData: data, resourceLimits });
    worker.once('message', (answer: T) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The ${what} stopped (exit ${code}) before it answered.`)));
  });
}
