import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import type { RequestOrigins } from '../lib/request-origins';

/** Methods a page of another site may send without the server's leave: they must change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Posts that change nothing, which the browser sends with another origin or `null`: the phone's share sheet
 * posting to the installed app's share target when no service worker catches it (plugins/share-target.ts
 * keeps nothing and redirects).
 */
const WRITELESS_POSTS = new Set(['/share-target']);

export const CROSS_SITE_WRITE_MESSAGE = 'Requests from other sites are not allowed';

/**
 * First of all hooks, on the app itself: a request by a name the server does not answer to is 421
 * (lib/request-origins.ts), and a write from another site's page is 403. A page may send a form or a
 * `no-cors` fetch (multipart, plain text) to any address without a preflight, and the LAN desktop takes
 * its caller's network as its only credential; browsers name the page's origin on every such request.
 * Clients that are not browsers (the CLI, Stripe's webhook, tests) send no Origin.
 */
export function registerRequestOriginChecks(app: FastifyInstance, origins: RequestOrigins): void {
  // A callback hook: it runs on every request, and a promise would cost more than the checks it wraps.
  app.addHook('onRequest', (request, _reply, done) => {
    const { host, origin } = request.headers;
    if (!origins.isTrustedHost(host)) return done(new AppError('MISDIRECTED_REQUEST'));
    if (
      origin !== undefined &&
      !SAFE_METHODS.has(request.method) &&
      !WRITELESS_POSTS.has(request.url) &&
      !origins.isAllowedOrigin(origin, host)
    )
      return done(new AppError('FORBIDDEN', CROSS_SITE_WRITE_MESSAGE));
    done();
  });
}
