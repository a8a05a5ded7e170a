import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a refused body is still read, and dropped, after the answer: enough for a file a few MB over
 * the limit, the usual mistake. Past either bound, or for a body declared larger, the connection is closed.
 */
const REFUSED_BODY_DRAIN = { bytes: 2 * MAX_UPLOAD_BYTES, ms: 10_000 } as const;

/** Bodies already being drained: an upload route drains its own, and the app-wide hook then sees it again. */
const draining = new WeakSet<IncomingMessage>();

/**
 * Whether the request announced a body that has not all arrived. `inject()` has no parser to say
 * `complete`: its body is unread until something read it to its end.
 */
export function hasUnreadBody(request: FastifyRequest): boolean {
  const { raw, headers } = request;
  if (raw.complete || raw.readableEnded) return false;
  return Number(headers['content-length'] ?? 0) > 0 || /\bchunked\b/i.test(headers['transfer-encoding'] ?? '');
}

/**
 * Called when a request is refused before its body was read to its end. Closing the connection with the
 * client's bytes unread makes the kernel reset it, and a client still sending (most read the answer only
 * once they have sent everything) then sees ECONNRESET or EPIPE instead of the answer (nodejs/node#9085).
 * Left alone, Node reads the rest to its end however long it is, to keep the connection for the next request.
 * So the answer keeps the connection and the rest of the body is read and dropped as it comes; the
 * connection is closed once more than REFUSED_BODY_DRAIN came or it took too long. A body declared larger
 * than that is not waited for: the answer says `Connection: close`.
 */
export function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const body = request.raw;
  const socket = body.socket;
  if (draining.has(body)) return;
  // The client went away (the upload was abandoned): there is nothing left to drain or close.
  if (body.destroyed && socket?.destroyed) return;
  const declared = Number(request.headers['content-length'] ?? 0);
  // `inject()` has no connection to keep or close.
  if (!(socket instanceof Socket) || declared > REFUSED_BODY_DRAIN.bytes) {
    reply.header('connection', 'close');
    return;
  }
  draining.add(body);
  const giveUp = () => {
    if (!body.complete) socket.destroy();
  };
  const timer = setTimeout(giveUp, REFUSED_BODY_DRAIN.ms).unref();
  let dropped = 0;
  body.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > REFUSED_BODY_DRAIN.bytes) giveUp();
  });
  const stop = () => clearTimeout(timer);
  body.once('end', stop).once('close', stop);
  // Flowing even when a multipart parser, waiting on a file nobody reads, had paused it.
  body.resume();
}
