import { API_BASE, OPS_ENDPOINTS } from '@clipsync/shared';
import type { MailDelivery } from './mail/mail-delivery';

export interface StartFacts {
  /** The address a person opens: PUBLIC_URL, else this machine's port. */
  url: string;
  /** How a server with no admin gets one (admins-at-start.ts); undefined once it has one. */
  noAdminNote: string | undefined;
  mail: MailDelivery;
  /** SMTP_URL's host (never its credentials), when mail goes by SMTP. */
  smtpHost?: string;
}

/**
 * What a person at the terminal reads once the server listens: plain text, written once beside the log
 * (which may be JSON lines, read by machines), so that the first run needs no README to become the admin.
 */
export function startNotice({ url, noAdminNote, mail, smtpHost }: StartFacts): string {
  const lines = ['', `  ClipSync is ready: open ${url}`, ''];
  if (noAdminNote) lines.push(`  ${noAdminNote}.`);
  lines.push(...mailLines(url, mail, smtpHost), '');
  return `${lines.join('\n')}\n`;
}

function mailLines(url: string, mail: MailDelivery, smtpHost: string | undefined): string[] {
  if (mail === 'smtp') return [`  Mails (sign-up confirmations, password resets) are sent through ${smtpHost}.`];
  const unset = '  Mail is not set up (no SMTP_URL): sign-up confirmation and password reset links are';
  if (mail === 'outbox') {
    return [
      `${unset} printed in this log`,
      `  and listed at ${url}${API_BASE}${OPS_ENDPOINTS.devOutbox.path} (from this machine only).`,
    ];
  }
  return [`${unset} printed in this log only.`, '  Set SMTP_URL to send them (docs/configuration.md).'];
}
