import { ErrorBody, OPS_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import { AppError } from '../../lib/app-error';
import { hasForwardingHeaders } from '../../lib/forwarding-headers';
import { isLoopbackRequest } from '../../lib/loopback';
import type { Mailer } from '../../mail/mailer';

/**
 * The dev outbox: mails that would have been sent, for local use without SMTP. Never in production, and
 * only for callers on the server's own machine: `npm start` listens on every interface, and anyone else on
 * the network could otherwise ask for a reset of someone's account and read its link here.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  const list = mailer.list;
  if (!list) return;
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackRequest(request) || hasForwardingHeaders(request.headers))
      throw new AppError('NOT_FOUND', 'Not found');
  });
  app.route({
    // 404: to a caller on another machine, as if there were no outbox.
    ...routeFrom(OPS_ENDPOINTS.devOutbox, { tags: ['dev'], response: { 404: ErrorBody } }),
    handler: async () => ({
      mails: list().map(({ to, subject, text, links, sentAt }) => ({ to, subject, text, links, sentAt })),
    }),
  });
};
