/**
 * Sending mail. A `Mailer` is the transport: `smtp.ts` (nodemailer over SMTP_URL) or `outbox.ts`, the dev
 * outbox that logs every mail with its links and keeps it; `create-mailer.ts` picks one. `templates/` make
 * each mail's plain text and HTML; `mail-queue.ts` keeps sending off the request path (retries, a cooldown
 * per address).
 */
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
