import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../mail/mailer';

const OutboxResponse = z.object({
  mails: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), links: z.array(z.string()), sentAt: z.string() }),
  ),
});

/** The dev outbox: mails that would have been sent, for local use without SMTP. Never in production. */
export const outboxRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  const list = mailer.list;
  if (!list) return;
  app.get('/outbox', { schema: { tags: ['dev'], response: { 200: OutboxResponse } } }, async () => ({
    mails: list().map(({ to, subject, text, links, sentAt }) => ({ to, subject, text, links, sentAt })),
  }));
};
