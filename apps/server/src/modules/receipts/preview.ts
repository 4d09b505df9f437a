import sharp from 'sharp';
import { unprocessable } from '../../http/errors.js';
import { heicToPng } from './reading/heic.js';
import type { ReceiptRow } from './repo.js';

/**
 * A receipt a browser can show: a HEIC photo (which browsers cannot draw) as a JPEG, decoded in the HEIC thread and
 * turned upright; other types as they are. A HEIC file the decoder cannot read is a 422.
 */
export async function asJpeg(file: {
  receipt: ReceiptRow;
  bytes: Buffer;
}): Promise<{ receipt: ReceiptRow; bytes: Buffer }> {
  if (file.receipt.type !== 'heic') return file;
  let png: Buffer;
  try {
    png = await heicToPng(file.bytes);
  } catch {
    throw unprocessable('This HEIC photo could not be decoded. Download it to see it.');
  }
  const bytes = await sharp(png).jpeg({ quality: 85 }).toBuffer();
  const fileName = `${file.receipt.file_name.replace(/\.(heic|heif)$/i, '')}.jpg`;
  return { receipt: { ...file.receipt, type: 'jpeg', file_name: fileName }, bytes };
}
