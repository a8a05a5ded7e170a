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
