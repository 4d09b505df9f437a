import { crc32, inflateRawSync } from 'node:zlib';

/**
 * The files of a ZIP, read the way an unzip tool does: from the end-of-central-directory record to each central
 * directory header, then to each file's own local header and data, whose CRC-32 is checked. Stored and deflated
 * entries; no ZIP64 (test archives are small). Throws on anything malformed.
 */
export function zipEntries(zip: Buffer): Array<{ name: string; bytes: Buffer }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || zip.length - end < 22) throw new Error('not a ZIP: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; bytes: Buffer }> = [];
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`central directory header ${index} is malformed`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(localAt) !== 0x04034b50) throw new Error(`${name}: local header is malformed`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    const bytes = method === 0 ? Buffer.from(data) : inflateRawSync(data);
    if (bytes.length !== size || crc32(bytes) !== crc) throw new Error(`${name}: size or CRC-32 does not match`);
    entries.push({ name, bytes });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
