import type { FastifyInstance, FastifyReply } from 'fastify';
import { drainRefusedBody, hasUnreadBody } from '../lib/refused-body-drain';

/** Fastify's parsers close the connection on a body they refuse (too large, malformed): nothing left to bound. */
function closesConnection(reply: FastifyReply): boolean {
  return String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';
}

/**
 * Every answer sent before the request's body was read bounds the rest of that body, as the upload routes
 * do: a refusal (401, 403, 404, 421, 429, 415, a 400 from a hook), or a 200 to a GET that carried a body
 * nobody asked for. Left alone, Node keeps the connection and reads the rest to its end, however long,
 * before the next request. onSend, since a body declared over the bound is answered with
 * `Connection: close`, which must be set before the headers go out. On the app itself, not an
 * encapsulated plugin, so every route and the not-found handler have it.
 */
export function registerRefusedBodyDrain(app: FastifyInstance): void {
  // A callback hook: it runs on every answer, and a promise would cost more than the check it wraps.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (hasUnreadBody(request) && !closesConnection(reply)) {
      drainRefusedBody(request, reply);
    }
    done(null, payload);
  });
}
