import sharp from 'sharp';
import type { ReceiptType } from '@wallet/contract';
import { skewAngle } from './deskew.js';
import { heicToPng } from './heic.js';
import { recogniseText } from './ocr-engine.js';

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

/** A PDF's own text (receipts mailed as PDFs carry it), first three pages; no OCR of scanned pages yet. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const document = await loading.promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, 3); number++) {
      const content = await (await document.getPage(number)).getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        } else line += ' ';
      }
      if (line.trim()) lines.push(line);
    }
    return lines.join('\n');
  } finally {
    await loading.destroy();
  }
}

/** The receipt's text: OCR for photos (HEIC ones decoded first) and scans, the embedded text of a PDF. */
export async function receiptText(bytes: Buffer, type: ReceiptType): Promise<string> {
  if (type === 'pdf') return pdfText(bytes);
  const image = type === 'heic' ? await heicAsPng(bytes) : bytes;
  return recogniseText(await preparedImage(image));
}
