import type { ErrorBody } from '@clipsync/shared';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type {
  ConnectionError,
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
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
    const where = first?.instancePath
      ? `${error.validationContext ?? 'body'}${first.instancePath.replaceAll('/', '.')}`
      : '';
    return new AppError('VALIDATION_FAILED', where ? `Invalid ${where}: ${first?.message}` : 'Invalid request');
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
  const body: ErrorBody = { error: appError.message, code: appError.code, requestId: request.id };
  if (appError.requiredPlan) body.requiredPlan = appError.requiredPlan;
  if (appError.deviceIds) body.deviceIds = appError.deviceIds;
  if (appError.current) body.current = appError.current;
  if (appError.retryAfterSeconds) {
    body.retryAfterSeconds = appError.retryAfterSeconds;
    // A service's own limit (a share's wrong passwords) says when in the header too, as every 429 does.
    if (!reply.hasHeader('retry-after')) reply.header('Retry-After', String(appError.retryAfterSeconds));
  }
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
 * Fastify's `clientErrorHandler`, for what Node's HTTP parser cannot read as a request (a Content-Length
 * that is not a number, headers over 16 KB, a request that took too long to arrive). There is no request, so
 * no request id yet: one is made for the answer and logged with the parser's code, so that it can be found
 * as any other; the connection is then closed, as Node does (what follows on it cannot be read either).
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = new AppError(clientErrorCode(error));
  const requestId = randomUUID();
  this.log.info({ reqId: requestId, code: appError.code, parserCode: error.code }, 'request refused unread');
  writeOnConnection(socket, appError, requestId);
  socket.destroy(error);
}

/** An answer written on the connection itself, for what never became a request Fastify or Node could answer. */
function writeOnConnection(socket: Duplex, appError: AppError, requestId: string): void {
  if (!socket.writable) return;
  const body: ErrorBody = { error: appError.message, code: appError.code, requestId };
  const json = JSON.stringify(body);
  socket.write(
    `HTTP/1.1 ${appError.statusCode} ${STATUS_CODES[appError.statusCode]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
      `Connection: close\r\n\r\n${json}`,
  );
}

/** engine.io's `connection_error`: a request to `/socket.io/` it refuses, before any socket exists. */
export interface EngineConnectionError {
  req: IncomingMessage & { res?: ServerResponse };
  code: number;
  message: string;
}

/** engine.io's code for a request its `allowRequest` refused (realtime/handshake.ts: the Origin). */
const ENGINE_FORBIDDEN = 4;

/**
 * Answers what engine.io refuses (an unknown transport, a bad handshake, a foreign Origin) in our shape, in
 * place of its own `{ code: <number>, message }` or bare text: engine.io sends nothing once an answer has
 * begun. Socket.IO's requests never reach Fastify, so their id is made here and logged, as the parser's are.
 */
export function answerEngineError(log: FastifyBaseLogger, error: EngineConnectionError): void {
  const appError =
    error.code === ENGINE_FORBIDDEN
      ? new AppError('FORBIDDEN')
      : new AppError('VALIDATION_FAILED', `Invalid Socket.IO request: ${error.message}`);
  const requestId = randomUUID();
  log.info({ reqId: requestId, code: appError.code, engineCode: error.code }, 'socket request refused');
  const response = error.req.res;
  if (!response) {
    // A websocket upgrade: there is no response, only the connection.
    writeOnConnection(error.req.socket, appError, requestId);
    error.req.socket.destroy();
    return;
  }
  if (response.headersSent) return;
  const body: ErrorBody = { error: appError.message, code: appError.code, requestId };
  const json = JSON.stringify(body);
  response.writeHead(appError.statusCode, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
  });
  response.end(json);
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  const body: ErrorBody = { error: 'Not found', code: 'NOT_FOUND', requestId: reply.request.id };
  return reply.status(404).send(body);
}
