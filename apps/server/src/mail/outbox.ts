import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer';

const KEEP_LAST = 100;

/** Zero set-up mail for local use: every mail is logged with its links and kept in memory. */
export function createOutboxMailer(log: FastifyBaseLogger): Mailer {
  const sent: Array<Mail & { sentAt: string }> = [];
  return {
    kind: 'outbox',
    send: async (mail) => {
      sent.push({ ...mail, sentAt: new Date().toISOString() });
      if (sent.length > KEEP_LAST) sent.shift();
      log.info(
        { to: mail.to, subject: mail.subject, links: mail.links },
        `mail (dev outbox): ${mail.subject} → ${mail.links.join(' ')}`,
      );
    },
    list: () => sent,
    close: async () => undefined,
  };
}
