import type { Database } from '../../db/client';
import type { MailQueue } from '../../mail/mail-queue';
import type { AppContext } from '../../app-context';

/** What an admin's invitations use: their rows, and the mail that carries each link. */
export interface InvitationsContext {
  db: Database;
  mail: MailQueue;
  /** PUBLIC_URL, or the default origin; the mailed link starts with `linkOriginOf` (lib/link-origin.ts). */
  publicUrl: string;
  isPublicUrlSet: boolean;
}

export function createInvitationsContext(ctx: AppContext): InvitationsContext {
  return { db: ctx.db, mail: ctx.mail, publicUrl: ctx.config.publicUrl, isPublicUrlSet: ctx.config.isPublicUrlSet };
}
