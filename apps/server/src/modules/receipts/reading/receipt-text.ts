import sharp from 'sharp';
import type { ReceiptType } from '@wallet/contract';
import { skewAngle } from './deskew.js';
import { heicToPng } from './heic.js';
import { recogniseText } from './ocr-engine.js';
import { answerOfThread, workerScript } from './thread.js';

/**
 * pdf.js parses on the thread that calls it (in Node its "worker" runs in-thread): a large or crafted PDF (up to the
 * 10 MB an upload may be) held the event loop for as long as it took, so it reads in a thread of its own.
 */
const PDF_TEXT_WORKER = workerScript('pdf-text-worker');
const PDF_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

/** Why a receipt has no text: a file its type's reader cannot make sense of (a damaged or mislabelled HEIC). */
export class UnreadableReceipt extends Error {}

async function heicAsPng(bytes: Buffer): Promise<Buffer> {
  try {
    return await heicToPng(bytes);
  } catch {
    throw new UnreadableReceipt('This HEIC file could not be decoded.');
  }
}

/**
 * A photo or scan made readable: turned upright by its EXIF orientation, grey, contrast stretched (a faded or
 * low-contrast print), scaled so small text has enough pixels (Tesseract reads best around 30 px capitals), and
 * straightened when its lines run askew.
 */
async function preparedImage(bytes: Buffer): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
  const { width = 0 } = await image.metadata();
  const targetWidth = Math.min(Math.max(width, 1_200), 2_400);
  const grey = await image
    .resize({ width: targetWidth, withoutEnlargement: false })
    .greyscale()
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
  const angle = await skewAngle(grey);
  if (Math.abs(angle) < 0.5) return grey;
  // Turned back; the corners the turn uncovers are paper (white after normalising).
  return sharp(grey).rotate(-angle, { background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
}

/** A PDF's own text (receipts mailed as PDFs carry it), first three pages, read in a thread (pdf-text-worker.mjs). */
function pdfText(bytes: Buffer): Promise<string> {
  return answerOfThread<string>(PDF_TEXT_WORKER, bytes, { resourceLimits: PDF_LIMITS, what: 'PDF reader' });
}

/** The receipt's text: OCR for photos (HEIC ones decoded first) and scans, the embedded text of a PDF. */
export async function receiptText(bytes: Buffer, type: ReceiptType): Promise<string> {
  if (type === 'pdf') return pdfText(bytes);
  const image = type === 'heic' ? await heicAsPng(bytes) : bytes;
  return recogniseText(await preparedImage(image));
}
