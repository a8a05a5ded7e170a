import { z } from 'zod';
import { text } from './text';
import { FILE_NAME_MAX, FILE_TYPE_MAX } from '../limits';

/**
 * The raw-body upload beside the multipart one (docs/api.md#uploads-and-pages): `PUT` with this content type, the file's bytes
 * as the whole body, its name (percent-encoded UTF-8, as `encodeURIComponent` writes it) and its type in
 * headers. No multipart framing to parse and no parser buffers to collect: the body goes straight to storage.
 */
export const RAW_UPLOAD_CONTENT_TYPE = 'application/octet-stream';
export const FILE_NAME_HEADER = 'x-file-name';
export const FILE_TYPE_HEADER = 'x-file-type';

/** The headers of a raw-body upload of a file named `name` (of type `type`, when known), for every client. */
export function rawUploadHeaders({ name, type }: { name: string; type?: string }): Record<string, string> {
  return {
    'Content-Type': RAW_UPLOAD_CONTENT_TYPE,
    [FILE_NAME_HEADER]: encodeURIComponent(name),
    ...(type ? { [FILE_TYPE_HEADER]: type } : {}),
  };
}

/** Longest encoded name: a UTF-16 unit is at most 3 UTF-8 bytes, `%XX` each, so 255 units fit in 9 × 255. */
const ENCODED_NAME_MAX = FILE_NAME_MAX * 9;
/**
 * A bare name: no control characters (a line break must never reach a header of a download) and no path
 * separators (the multipart parser keeps only a path's last segment; a client sending a path here is wrong).
 */
function isUnsafeInName(name: string): boolean {
  for (let index = 0; index < name.length; index++) {
    const code = name.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || name[index] === '/' || name[index] === '\\') return true;
  }
  return false;
}

/**
 * `X-File-Name`: decoded from percent-encoded UTF-8. A name longer than FILE_NAME_MAX units is accepted and
 * cut where it is stored, as the multipart route does; the encoded header itself is bounded.
 */
export const UploadFileNameHeader = text()
  .min(1, 'X-File-Name is required')
  .max(ENCODED_NAME_MAX, 'X-File-Name is too long')
  .transform((encoded, context) => {
    try {
      return decodeURIComponent(encoded);
    } catch {
      context.addIssue({ code: 'custom', message: 'X-File-Name must be percent-encoded UTF-8' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .string()
      .min(1, 'X-File-Name is empty')
      .refine((name) => !isUnsafeInName(name), 'X-File-Name must not contain control characters or / or \\'),
  );

/**
 * The headers of a raw-body upload. `X-File-Type` is the file's own media type (the body's Content-Type only
 * says "bytes"); optional, and anything that is not a well-formed `type/subtype` is stored as bytes.
 */
export const RawUploadHeaders = z.object({
  [FILE_NAME_HEADER]: UploadFileNameHeader,
  [FILE_TYPE_HEADER]: text().max(FILE_TYPE_MAX).optional(),
});
export type RawUploadHeaders = z.infer<typeof RawUploadHeaders>;
