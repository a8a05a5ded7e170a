import type { FastifyMultipartOptions, MultipartFile } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * The multipart parser of every upload route. The file may be one byte over the limit, so that the store
 * sees it and refuses it: busboy never silently truncates a file.
 */
export const UPLOAD_MULTIPART_OPTIONS: FastifyMultipartOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10 },
  fileHwm: 1024 * 1024,
};

/** Multipart framing around one file is well under this; a larger declared body is refused before reading. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The one multipart upload shape of every area: one file in the field `file` (fields before it are in
 * `part.fields`), stored by `store`. A body declared over 10 MB is refused unread, and a file refused before
 * it was read to its end closes the connection rather than reading the rest of an unwanted body.
 */
export async function receiveOneFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  store: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
    reply.header('connection', 'close');
    throw new AppError('PAYLOAD_TOO_LARGE', 'The file exceeds the 10MB limit. Please choose a smaller file.');
  }
  const part = await request.file();
  if (!part || part.fieldname !== 'file')
    throw new AppError('VALIDATION_FAILED', 'Expected one file in the field "file"');
  try {
    return await store(part);
  } catch (error) {
    if (!part.file.readableEnded) reply.header('connection', 'close');
    throw error;
  }
}

/** A plain text field sent before the file (`part.fields`), if there is one. */
export function fieldValues(part: MultipartFile): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const first = Array.isArray(field) ? field[0] : field;
    if (first && first.type === 'field' && typeof first.value === 'string') values[name] = first.value;
  }
  return values;
}
