import type { FastifyBaseLogger } from 'fastify';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links in the mail, logged by the dev outbox so a developer can follow them. */
  links: string[];
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Dev outbox only: the mails sent, newest last. */
  list?(): ReadonlyArray<Mail & { sentAt: string }>;
  close(): Promise<void>;
}

/** Real SMTP when SMTP_URL is set; otherwise the dev outbox (logged and listed at /api/dev/outbox). */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createOutboxMailer(log);
}
