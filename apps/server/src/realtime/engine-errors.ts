import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/app-error';
import { errorBody, writeOnConnection } from '../plugins/errors';

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
    // A websocket upgrade: there is no response, only the connection. The answer is flushed before the close;
    // engine.io's abortUpgrade (engine.io 6, lib/server.ts) then destroys the socket as soon as this event
    // returns, so the lingering close of writeOnConnection is cut short here (an upgrade rarely has a body).
    writeOnConnection(error.req.socket, appError, requestId);
    return;
  }
  if (response.headersSent) return;
  const json = JSON.stringify(errorBody(appError, requestId));
  response.writeHead(appError.statusCode, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
  });
  response.end(json);
}
