/*
 * The uploaded images the product keeps (avatars, the organisation's logo) are judged by their first bytes; the name
 * and the browser's content type are not trusted. Shared by the users and orgs modules, so it lives here.
 */

export type ImageType = 'png' | 'jpeg' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The image type from the file's first bytes, or null when it is none of those we keep (never SVG). */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}
