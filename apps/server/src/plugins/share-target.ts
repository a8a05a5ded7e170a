import type { FastifyInstance } from 'fastify';

/** The app page that saves a share (apps/web/src/features/share/SharePage.tsx) and its "not received" flag. */
const NOT_RECEIVED_PAGE = '/share?not-received';

/**
 * The installed app's share target (its manifest's `share_target`) is caught by its service worker, which
 * keeps the share for the signed-in app. A POST that reaches the server had no worker to catch it (a first
 * visit, a browser without one): the server cannot tell whose it is (the app signs in with bearer tokens,
 * not cookies), so it keeps nothing, drains the body and sends the browser to the app's page that says
 * the share did not arrive; loading that page installs the worker for the next share.
 */
export async function registerShareTargetFallback(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.on('end', () => done(null));
      payload.on('error', done);
      payload.resume();
    });
    scope.post('/share-target', { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect(NOT_RECEIVED_PAGE, 303),
    );
  });
}
