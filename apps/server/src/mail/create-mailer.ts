import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

/** Real SMTP when SMTP_URL is set; otherwise the dev outbox (logged and listed at /api/dev/outbox). */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createOutboxMailer(log);
}
