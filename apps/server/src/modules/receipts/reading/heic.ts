import sharp from 'sharp';
import { answerOfThread, workerScript } from './thread.js';

const WORKER = workerScript('heic-worker');

/** Enough for a 48-megapixel photo's pixels and the decoder's own memory. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32 };

interface DecodedHeic {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A HEIC photo (an iPhone's) as a PNG that sharp and the reader take, decoded in a thread (heic-worker.mjs). */
export async function heicToPng(bytes: Buffer): Promise<Buffer> {
  const { width, height, pixels } = await answerOfThread<DecodedHeic>(WORKER, bytes, {
    resourceLimits: WORKER_LIMITS,
    what: 'HEIC decoder',
  });
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
