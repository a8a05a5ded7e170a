import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ByteRange } from '../storage/file-store';
import { contentDisposition } from './content-disposition';

/** Images a browser may show inline; SVG is excluded because it can carry script. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/**
 * Sends an uploaded file (a clip's or a room's) with the headers of docs/security.md#files-and-uploads: an
 * attachment unless a safe image type, never sniffed, sandboxed if opened, so an HTML or SVG upload never renders.
 * A route that reads `Range` says so with `ranges`: `range` is then the part asked (`body` holds only those
 * bytes, answered 206 Partial Content), or undefined for the whole file.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { name: string; type: string; size: number },
  body: Readable,
  ranges?: { range: ByteRange | undefined },
): FastifyReply {
  const isInline = INLINE_TYPES.has(file.type);
  const range = ranges?.range;
  if (ranges) reply.header('Accept-Ranges', 'bytes');
  if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  return reply
    .header('Content-Type', isInline ? file.type : 'application/octet-stream')
    .header('Content-Length', String(range ? range.end - range.start + 1 : file.size))
    .header('Content-Disposition', contentDisposition(isInline ? 'inline' : 'attachment', file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, max-age=3600')
    .send(body);
}
