import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

/** Run from source (tsx) the worker is the .mjs beside this file; the built server has it beside main.js. */
const WORKER = import.meta.url.endsWith('.ts')
  ? new URL('./heic-worker.mjs', import.meta.url)
  : new URL('./heic-worker.js', import.meta.url);

/** Enough for a 48-megapixel photo's pixels and the decoder's own memory. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32 };

interface DecodedHeic {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A HEIC photo (an iPhone's) as a PNG that sharp and the reader take, decoded in a thread (heic-worker.mjs). */
export async function heicToPng(bytes: Buffer): Promise<Buffer> {
  const { width, height, pixels } = await new Promise<DecodedHeic>((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: bytes, resourceLimits: WORKER_LIMITS });
    worker.once('message', (decoded: DecodedHeic) => {
      resolve(decoded);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The HEIC decoder stopped (exit ${code}) before it answered.`)));
  });
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
