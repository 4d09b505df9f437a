import type { ReceiptType } from '@wallet/contract';

/** HEIF brands of photos (iPhones write heic; heix/hevc/heim/heis/hevm/hevs are its variants; mif1/msf1 are generic). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/**
 * A receipt's type from its first bytes; the name and the browser's content type are never trusted. Null for anything
 * else (SVG, HTML, executables, a renamed text file): it is refused, so nothing we serve back can run in a browser.
 */
export function sniffReceiptType(bytes: Buffer): ReceiptType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  // ISO base media: a box of type 'ftyp' first, its major brand or a compatible brand naming HEIF.
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // the minor version, not a brand
      if (HEIF_BRANDS.has(bytes.toString('latin1', offset, offset + 4))) return 'heic';
    }
  }
  return null;
}
