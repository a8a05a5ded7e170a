import { PassThrough, type Readable } from 'node:stream';
import type { FastifyMultipartOptions, MultipartFile } from '@fastify/multipart';
import {
  FILE_NAME_HEADER,
  FILE_TYPE_HEADER,
  MAX_UPLOAD_BYTES,
  RAW_UPLOAD_CONTENT_TYPE,
  RawUploadHeaders,
} from '@clipsync/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from '../storage/file-store';
import { storeUpload, type IncomingUpload, type StoredUpload } from '../storage/store-upload';
import { AppError } from './app-error';
import { describeFirstIssue } from './describe-first-issue';
import { drainRefusedBody } from './refused-body-drain';

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
 * `part.fields`), stored by `store`. A body declared over 10 MB is refused unread; the rest of a body refused
 * before it was read to its end is drained, within bounds, so that the client gets the answer.
 */
export async function receiveOneFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  store: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  refuseDeclaredOver(request, reply, MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES);
  const part = await request.file();
  if (!part || part.fieldname !== 'file')
    throw new AppError('VALIDATION_FAILED', 'Expected one file in the field "file"');
  return drainingIfUnread(request, reply, part.file, () => store(part));
}

/** A body declared longer than `maxBytes` is refused before a byte of it is read. */
function refuseDeclaredOver(request: FastifyRequest, reply: FastifyReply, maxBytes: number): void {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
    drainRefusedBody(request, reply);
    throw new AppError('PAYLOAD_TOO_LARGE', 'The file exceeds the 10MB limit. Please choose a smaller file.');
  }
}

/**
 * Runs `store`; if it fails before the request's body was read to its end (refused, too large, no room),
 * the rest of the body is drained (drainRefusedBody): the file's stream, which nobody reads now, drops it.
 */
async function drainingIfUnread<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  file: Readable,
  store: () => Promise<T>,
): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (!request.raw.complete) {
      file.resume();
      drainRefusedBody(request, reply);
    }
    throw error;
  }
}

/** What a raw-body upload hands the service: the same shape as a multipart part's name, type and stream. */
export interface RawFile {
  name: string;
  type: string;
  stream: Readable;
}

/**
 * Lets the routes of the calling plugin (only those: Fastify scopes parsers to their plugin) take a raw
 * `application/octet-stream` body. The parser reads nothing: the handler streams `request.raw` itself, so
 * no byte is buffered and Fastify's bodyLimit, which only guards parsers that collect the body, does not apply.
 */
export function acceptRawUploads(app: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  app.addContentTypeParser(RAW_UPLOAD_CONTENT_TYPE, (_request, _payload, done) => done(null));
}

/**
 * The request's body as a stream of its own for the store. A store that fails destroys its body, and a
 * destroyed request stops its connection's reads: the rest of a refused body could then not be drained
 * (drainRefusedBody). A client that goes away still fails the store's stream, with the request's error.
 */
function storeSideOf(body: Readable): Readable {
  const storeSide = new PassThrough();
  body.once('error', (error) => storeSide.destroy(error));
  return body.pipe(storeSide);
}

/**
 * The raw-body upload of every area (`PUT`, docs/api.md#uploads-and-pages): the body is the file, `X-File-Name` and `X-File-Type`
 * name it. Checked before any byte is read: the content type, the headers (RawUploadHeaders) and a declared
 * Content-Length over 10 MB. A chunked body is cut by the store once it passes 10 MB.
 */
export async function receiveRawFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  store: (file: RawFile) => Promise<T>,
): Promise<T> {
  const essence = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (essence !== RAW_UPLOAD_CONTENT_TYPE) {
    drainRefusedBody(request, reply);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Expected the file as ${RAW_UPLOAD_CONTENT_TYPE}`);
  }
  refuseDeclaredOver(request, reply, MAX_UPLOAD_BYTES);
  const headers = RawUploadHeaders.safeParse(request.headers);
  if (!headers.success) {
    drainRefusedBody(request, reply);
    throw new AppError('VALIDATION_FAILED', describeFirstIssue('headers', headers.error.issues[0]));
  }
  const file: RawFile = {
    name: headers.data[FILE_NAME_HEADER],
    type: headers.data[FILE_TYPE_HEADER] ?? RAW_UPLOAD_CONTENT_TYPE,
    stream: storeSideOf(request.raw),
  };
  return drainingIfUnread(request, reply, file.stream, () => store(file));
}

/**
 * One route, two ways in: the multipart `POST` or the raw-body `PUT` (docs/api.md#uploads-and-pages), told apart by the method.
 * Either way the service gets the file's name, type and stream.
 */
export function receiveFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  store: (file: RawFile) => Promise<T>,
): Promise<T> {
  if (request.method === 'PUT') return receiveRawFile(request, reply, store);
  return receiveOneFile(request, reply, (part) =>
    store({ name: part.filename, type: part.mimetype, stream: part.file }),
  );
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

/** A file part of a form of several, streamed into the store: its form field's name, and the file as stored. */
export interface StoredPart {
  field: string;
  stored: StoredUpload;
}

/** The text fields of a form of several files, and its file parts, each already in the store. */
export interface ReceivedParts {
  fields: Record<string, string>;
  parts: StoredPart[];
}

/**
 * A multipart form of text fields and up to `maxFiles` files (each under the 10 MB rule), for a change that
 * replaces several files at once (sealing a clip). The same parser as every upload (this plugin's
 * @fastify/multipart), with this form's limits: each file is streamed into the store as it comes (never
 * buffered), `prepare` first naming it as it is to be kept. A form that fails midway (cut short, a file too
 * large, too many parts) leaves nothing in the store; the caller deletes the stored parts if it refuses them.
 */
export async function receiveStoredParts(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  { maxFiles, maxFieldBytes, prepare = (upload) => upload }: ReceivePartsOptions,
): Promise<ReceivedParts> {
  refuseDeclaredOver(request, reply, maxFiles * MAX_UPLOAD_BYTES + maxFieldBytes + MULTIPART_OVERHEAD_BYTES);
  if (!request.isMultipart()) {
    drainRefusedBody(request, reply);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data body');
  }
  const received: ReceivedParts = { fields: {}, parts: [] };
  let current: Readable | undefined;
  try {
    const limits = { files: maxFiles, fields: 10, fieldSize: maxFieldBytes, fileSize: MAX_UPLOAD_BYTES + 1 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        current = part.file;
        const upload = prepare({ name: part.filename, type: part.mimetype, stream: part.file });
        const stored = await storeUpload(files, upload, async (kept) => kept);
        received.parts.push({ field: part.fieldname, stored });
      } else if (typeof part.value === 'string') {
        // busboy cuts a field at its limit and says so: a cut field is no field.
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', `The field ${part.fieldname} is too long`);
        received.fields[part.fieldname] = part.value;
      }
    }
    return received;
  } catch (error) {
    await Promise.all(received.parts.map(({ stored }) => files.delete(stored.storageKey)));
    if (!request.raw.complete) {
      current?.resume();
      drainRefusedBody(request, reply);
    }
    throw error;
  }
}

export interface ReceivePartsOptions {
  maxFiles: number;
  /** The longest a text field may be, in bytes. */
  maxFieldBytes: number;
  /** The name and type a file is kept under (an encrypted clip's are neutral: encrypted-clips.ts). */
  prepare?: (upload: IncomingUpload) => IncomingUpload;
}
