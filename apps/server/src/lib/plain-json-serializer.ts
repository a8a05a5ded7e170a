import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * A route's 200 written with JSON.stringify instead of zod's serializer, for the big answers read most
 * (a room's detail, a desktop of 500 blocks). zod's encode walks and copies every object of the answer:
 * ~3 ms of CPU and garbage for a 200-member room. The presenter builds exactly the schema's keys in the
 * schema's order, so the bytes are those zod would write (each route's test compares the body with the
 * schema's own output); TypeScript keeps the shape. Every other status keeps the zod serializer.
 *
 * An answer served again from a cache is the same object: its JSON is encoded once, into the bytes that
 * Fastify then sends as they are (it takes a Buffer from a serializer). Encoding a 200 KB string again on
 * every write, and measuring its UTF-8 length for Content-Length, was a third of a cached answer's CPU.
 */
export function plainJsonFor200(route: { httpStatus?: string }): (data: unknown) => string {
  // Fastify declares a serializer's result a string; a Buffer goes through its send path unchanged.
  if (route.httpStatus === '200') return encodeOnce as unknown as (data: unknown) => string;
  // Fastify's types give a route serializer the route's whole schema; at run time `schema` is the status's
  // response schema, which is what the zod compiler reads.
  return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
}

/** What is remembered of one encoded answer: its tag and its compressed forms, each made once. */
interface Variants {
  etag?: string;
  br?: Buffer;
  gzip?: Buffer;
  /** A spliced answer's own bytes in pieces: joined only for a client that takes no gzip. */
  pieces?: readonly Buffer[];
  identity?: Buffer;
}

const encoded = new WeakMap<object, Buffer>();
const variants = new WeakMap<Buffer, Variants>();

function encodeOnce(data: unknown): Buffer {
  if (typeof data !== 'object' || data === null) return Buffer.from(JSON.stringify(data));
  return encoded.get(data) ?? rememberEncoding(data, Buffer.from(JSON.stringify(data)));
}

/** Remembers an answer's JSON bytes, so that serving the same answer again encodes nothing. */
function rememberEncoding(answer: object, bytes: Buffer): Buffer {
  encoded.set(answer, bytes);
  variants.set(bytes, {});
  return bytes;
}

/**
 * Gives an answer built per caller around large shared pieces its gzip form, spliced from pieces
 * compressed apart (`spliced-gzip.ts`), and its JSON as those pieces. A client that accepts gzip gets it
 * even if it prefers brotli: brotli would compress the whole answer again for every caller (a 200-member
 * room's detail, ~0.1–0.2 ms each), and the bytes differ by a few percent. The pieces are joined only for a
 * client that takes no gzip, so no caller's answer is copied whole in memory on the way.
 */
export function rememberSplicedGzip(answer: object, gzip: Buffer, pieces: readonly Buffer[]): Buffer {
  encoded.set(answer, gzip);
  variants.set(gzip, { gzip, pieces });
  return gzip;
}

/** Worth compressing: below this, headers and a round trip cost more than the bytes saved. */
const COMPRESS_MIN_BYTES = 1024;
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });
const gzipOnly = new Negotiator({ supportedValues: ['gzip'], cache: new Map() });
/**
 * Synchronous on purpose: zlib's async form cost 5–10× the CPU (a fresh encoder state handed to another
 * thread and back), ~1.6 ms for a 40 KB room detail against 0.16 ms here.
 * Quality 2 and a window no larger than the answer: on these answers quality 2 makes the same bytes as 4
 * (32 KB room detail → 7.7 KB; 108 KB desktop → 29 KB) in half the time (0.10 against 0.21 ms; 0.58
 * against 1.2 ms), and brotli's default 4 MB window took half the time of a small answer just to set up.
 */
const compressors = {
  br: (bytes: Buffer) =>
    brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 2,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlib.BROTLI_PARAM_LGWIN]: Math.min(
          zlib.BROTLI_MAX_WINDOW_BITS,
          Math.max(16, Math.ceil(Math.log2(bytes.length))),
        ),
      },
    }),
  gzip: (bytes: Buffer) => gzipSync(bytes),
};

/**
 * The route's `onSend` for a remembered 200 (with `plainJsonFor200`): it carries an ETag, so a browser
 * refetching an unchanged room or desktop gets a 304 and no body; and it goes compressed when the caller
 * accepts it (a 200 KB desktop is ~35 KB of brotli), each form made once per answer.
 * `private, no-cache`: only the caller's own browser keeps it, and asks again every time.
 */
export async function sendRemembered(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const remembered = Buffer.isBuffer(payload) ? variants.get(payload) : undefined;
  if (reply.statusCode !== 200 || !remembered) return payload;
  const bytes = payload as Buffer;
  remembered.etag ??= `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  reply.header('ETag', remembered.etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
  if (isFresh(request.headers['if-none-match'], remembered.etag)) {
    reply.code(304);
    return null;
  }
  const accepted = request.headers['accept-encoding'];
  if (remembered.pieces) {
    if (accepted && gzipOnly.negotiate(accepted) === 'gzip') {
      reply.header('Content-Encoding', 'gzip');
      return bytes;
    }
    return (remembered.identity ??= Buffer.concat(remembered.pieces));
  }
  const encoding = accepted && bytes.length >= COMPRESS_MIN_BYTES ? encodings.negotiate(accepted) : null;
  if (encoding !== 'br' && encoding !== 'gzip') return bytes;
  const compressed = (remembered[encoding] ??= compressors[encoding](bytes));
  reply.header('Content-Encoding', encoding);
  return compressed;
}

/** `If-None-Match` names this tag (or `*`), weak comparison as RFC 9110 §13.1.2 asks of a GET. */
function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
