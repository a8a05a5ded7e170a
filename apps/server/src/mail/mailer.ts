/**
 * Sending mail. A `Mailer` is the transport: SMTP when SMTP_URL is set, else the dev outbox, which logs every
 * mail with its links and keeps it. Each mail has a plain text and an HTML part; mail is sent off the
 * request path, retried, and at most once per cooldown to the same address.
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
