import type { FastifyInstance } from 'fastify';

/**
 * The HTTP half of a graceful close (docs/deployment.md, "Stopping and upgrading"). Fastify's close stops listening,
 * drops idle keep-alive connections and answers 503 to a request that arrives on a busy one; a request
 * already in flight is let finish. But Node keeps that request's connection open for the next one, up to
 * `keepAliveTimeout` (72 s in Fastify), which would hold the close past its bound and end it with exit 1.
 * So once closing, an answer says `Connection: close` (Node then closes the connection after it), and an
 * answer whose headers had gone out before has its connection closed as soon as it is finished.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  // Callback hooks: on every request, an async hook's promise would cost more than the check it wraps.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (isClosing) app.server.closeIdleConnections();
    done();
  });
}
