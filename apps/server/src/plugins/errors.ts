import type { ErrorBody } from '@clipsync/shared';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { describeFirstIssue } from '../lib/describe-first-issue';
import { isDatabaseConnectionError } from '../db/is-connection-error';

/** Fastify's own client-error codes, mapped to ours so the body is always `{ error, code }`. */
const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  // The router's own (frameworkErrors): a `%` not followed by two hex digits, a path parameter over maxParamLength.
  FST_ERR_BAD_URL: 'MALFORMED_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  // @fastify/multipart: the connection closed while the form was being read.
  FST_MP_PREMATURE_CLOSE: 'MALFORMED_UPLOAD',
};

/**
 * busboy's errors for a multipart body that ends before its closing boundary (a body cut short, with the
 * length it declared) or cannot be framed: plain Errors without a code, told by their words. They are
 * @fastify/busboy's (3.x, under @fastify/multipart): "Unexpected end of multipart data" and "<Part|Preamble>
 * terminated early due to unexpected end of multipart data" in deps/dicer/lib/Dicer.js, "Multipart: Boundary
 * not found" in lib/types/multipart.js. An upgrade that rewords them must update this, or the truncated-upload
 * tests (lib/truncated-upload.test.ts) answer 500 again.
 */
const MALFORMED_MULTIPART =
  /^(?:Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Multipart: Boundary not found)$/;

/** A multipart body busboy could not frame (see MALFORMED_MULTIPART): the client's malformed request. */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, statusCode } = error as Partial<FastifyError>;
  return !code && !statusCode && MALFORMED_MULTIPART.test(error.message);
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // Fastify names the field by a JSON pointer (`/items/0/name`).
    const issue = first && { path: first.instancePath.split('/').slice(1), message: first.message ?? 'Invalid' };
    return new AppError('VALIDATION_FAILED', describeFirstIssue(error.validationContext ?? 'body', issue));
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (isMalformedMultipart(error)) return new AppError('MALFORMED_UPLOAD');
  // JSON.parse errors from the content-type parser carry a 400 but no FST code.
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError('MALFORMED_JSON');
  if (isDatabaseConnectionError(error)) return new AppError('DATABASE_UNAVAILABLE');
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', error.message);
  // Other plugins' client errors (e.g. the static server's 403 for a directory) keep their meaning.
  if (error.statusCode === 403) return new AppError('FORBIDDEN');
  if (error.statusCode === 404) return new AppError('NOT_FOUND');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('VALIDATION_FAILED');
  return new AppError('INTERNAL');
}

/**
 * The request's body failed with this very error because the client closed the connection before sending
 * all of it (an upload abandoned midway). Its code is ECONNRESET, which would otherwise read as the
 * database being down; an error thrown for another reason (a refused file) is never the request's own.
 */
function isClientGone(error: FastifyError, request: FastifyRequest): boolean {
  return !request.raw.complete && request.raw.errored === error;
}

/** Codes that stand for something broken (ours, or the database), whoever threw them. */
const FAULT_CODES: ReadonlySet<AppError['code']> = new Set(['INTERNAL', 'DATABASE_UNAVAILABLE']);

/** An AppError a service threw on purpose, or a client's own error (a 4xx): the answer, not a fault. */
function isExpectedRefusal(error: FastifyError, appError: AppError): boolean {
  return (error instanceof AppError || appError.statusCode < 500) && !FAULT_CODES.has(appError.code);
}

/** The body of every error answer, whatever path sends it: `{ error, code, requestId }` and what the error adds. */
export function errorBody(appError: AppError, requestId: string): ErrorBody {
  const body: ErrorBody = { error: appError.message, code: appError.code, requestId };
  if (appError.requiredPlan) body.requiredPlan = appError.requiredPlan;
  if (appError.deviceIds) body.deviceIds = appError.deviceIds;
  if (appError.current) body.current = appError.current;
  if (appError.retryAfterSeconds) body.retryAfterSeconds = appError.retryAfterSeconds;
  if (appError.overQuota) body.overQuota = appError.overQuota;
  return body;
}

/** The one answer of every failed request: `{ error, code, requestId }`, and what the log says of it. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply | void {
  if (isClientGone(error, request)) {
    // Nothing failed here and nobody is left to answer: one line, no stack, no 5xx in the metrics.
    request.log.info({ reason: error.message }, 'the client went away before its request was complete');
    return reply.hijack();
  }
  const appError = toAppError(error);
  if (isExpectedRefusal(error, appError)) {
    // A refusal a service chose (a 404, a 409, payments off on this server), or a request the client got
    // wrong (a cut-short upload), is the answer, not a fault: one line to follow a request by, without a
    // stack that would read as a crash.
    request.log.info({ code: appError.code, statusCode: appError.statusCode }, 'request refused');
  } else if (appError.statusCode >= 500) {
    const level = appError.code === 'DATABASE_UNAVAILABLE' ? 'warn' : 'error';
    request.log[level]({ err: error, serialization: isResponseSerializationError(error) }, 'request failed');
  }
  const body = errorBody(appError, request.id);
  if (appError.retryAfterSeconds && !reply.hasHeader('retry-after')) {
    // A service's own limit (a share's wrong passwords) says when in the header too, as every 429 does.
    reply.header('Retry-After', String(appError.retryAfterSeconds));
  }
  // A 410 is cacheable by default: a browser would keep showing a taken-down link after its restore.
  if (appError.code === 'TAKEN_DOWN') reply.header('Cache-Control', 'no-store');
  if (appError.code === 'INVALID_CREDENTIALS' && request.failuresLeft !== undefined) {
    // This very failure is counted once the answer is sent (attempt-limiter.ts).
    body.attemptsLeft = Math.max(request.failuresLeft - 1, 0);
  }
  return reply.status(appError.statusCode).send(body);
}

/** One error model for every route: services throw AppError; everything else is mapped, never leaked. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a malformed `%`
 * escape, a path parameter over maxParamLength) gets the same answer as any error, never Fastify's own body,
 * which echoes the URL.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void answerError(error, request, reply);
}

/** What Node's HTTP parser refuses (its `clientError`), by the parser's code. */
function clientErrorCode(error: ConnectionError): AppError['code'] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  // Headers, the request line and its query included, over Node's 16 KB.
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  return 'MALFORMED_REQUEST';
}

/**
 * What a refusal of Node's parser is answered, or undefined where nobody is left to answer: a reset
 * connection, one already gone (an upload abandoned midway was logged as gone by the request it began), or
 * one that ended mid-request. The contract check of the tests (test/contract-check.ts) reads the same.
 */
export function clientErrorAnswer(error: ConnectionError, socket: Socket): AppError | undefined {
  if (error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE' || socket.destroyed) return undefined;
  return new AppError(clientErrorCode(error));
}

/**
 * Fastify's `clientErrorHandler`, for what Node's HTTP parser cannot read as a request (a Content-Length
 * that is not a number, headers over 16 KB, a request that took too long to arrive). There is no request, so
 * no request id yet: one is made for the answer and logged with the parser's code, so that it can be found
 * as any other; the connection is then closed, as Node does (what follows on it cannot be read either).
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  const appError = clientErrorAnswer(error, socket);
  if (!appError) {
    if (error.code === 'HPE_INVALID_EOF_STATE') socket.destroy();
    return;
  }
  const requestId = randomUUID();
  this.log.info({ reqId: requestId, code: appError.code, parserCode: error.code }, 'request refused unread');
  writeOnConnection(socket, appError, requestId);
}

/**
 * How long a connection answered on its own stays open before it is destroyed. Destroying it at once drops
 * an answer still in Node's write queue, and closing it with the client's bytes unread makes Linux reset it,
 * which can reach the client before the answer does (it then sees none): the answer is sent with a FIN first,
 * and the client, which closes on reading it, has this long to do so.
 */
const LINGER_MS = 2_000;

/**
 * An answer written on the connection itself, for what never became a request Fastify or Node could answer
 * (the parser's refusals, engine.io's refused upgrades): sent, the connection half-closed, then destroyed
 * after a lingering close (LINGER_MS), as nothing more on it can be read.
 */
export function writeOnConnection(socket: Duplex, appError: AppError, requestId: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(errorBody(appError, requestId));
  socket.end(
    `HTTP/1.1 ${appError.statusCode} ${STATUS_CODES[appError.statusCode]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
      `Connection: close\r\n\r\n${json}`,
  );
  const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(linger));
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send(errorBody(new AppError('NOT_FOUND'), reply.request.id));
}
