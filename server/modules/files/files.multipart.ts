import type { FastifyRequest } from 'fastify';
import { filesMessages, MAX_UPLOAD_BYTES } from '../../../domain/uploads';
import { BadRequestError } from '../../lib/errors';
import { PayloadTooLargeError } from './files.service';

export const UPLOAD_FIELD = 'file';

/** Busboy limits: one file of at most 5 MB, and little room for anything else. */
export const multipartLimits = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
  headerPairs: 50,
};

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The bytes of the multipart field `file`. Every parsing problem becomes a Spanish 4xx: a missing
 * or non-multipart body 400, a file over the limit 413 (busboy stops buffering at the limit).
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequestError(filesMessages.missingFile, 'FILE_MISSING');
  try {
    const part = await request.file({ limits: multipartLimits });
    if (!part) throw new BadRequestError(filesMessages.missingFile, 'FILE_MISSING');
    if (part.fieldname !== UPLOAD_FIELD) {
      part.file.resume(); // drain it so the request completes
      throw new BadRequestError(filesMessages.missingFile, 'FILE_MISSING');
    }
    const bytes = await part.toBuffer();
    // toBuffer only notices the limit on a chunk read after it; a file whose excess arrives alone
    // ends quietly truncated at exactly 5 MB, so ask the stream itself.
    if (part.file.truncated) throw new PayloadTooLargeError(filesMessages.tooLarge);
    return bytes;
  } catch (error) {
    if (error instanceof BadRequestError || error instanceof PayloadTooLargeError) throw error;
    if (isTooLarge(error)) throw new PayloadTooLargeError(filesMessages.tooLarge);
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new BadRequestError(filesMessages.malformedUpload, 'MALFORMED_UPLOAD');
  }
}
