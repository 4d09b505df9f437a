import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/**
 * The first file of a multipart upload (avatars, the organisation's logo); a body that isn't readable multipart is
 * the client's fault (400), not ours. `truncated`: the file was over the route's size limit.
 */
export async function readUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer | null; truncated: boolean; fieldName?: string; fileName?: string }> {
  if (!request.isMultipart()) return { bytes: null, truncated: false };
  try {
    const file = await request.file();
    if (!file) return { bytes: null, truncated: false };
    return { bytes: await file.toBuffer(), truncated: false, fieldName: file.fieldname, fileName: file.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { bytes: null, truncated: true };
    throw badRequest('The upload could not be read. Choose the image again.');
  }
}
