import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What a service may want to know of the request it serves without taking Fastify types: the audit log's facts. */
export interface RequestFacts {
  requestId: string;
  userAgent: string | undefined;
  log: FastifyBaseLogger;
}

const storage = new AsyncLocalStorage<RequestFacts>();

/** The request being served, or undefined outside one (a job, a test calling a service). */
export function currentRequest(): RequestFacts | undefined {
  return storage.getStore();
}

/**
 * Opens each request's context once its body is parsed: entered earlier, at `onRequest`, the context would
 * be lost across the body stream's events. Route-level preHandlers and the handler run inside it.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ requestId: request.id, userAgent: request.headers['user-agent'], log: request.log }, done);
  });
}
