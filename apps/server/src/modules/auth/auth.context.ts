import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';
import type { MailQueue } from '../../mail/mail-queue';
import type { AppContext } from '../define-module';

/** What sessions need: their rows, the revocation events, and the key access tokens are signed with. */
export interface SessionContext {
  db: Database;
  events: DomainEvents;
  jwtSecret: string;
}

/** What the auth area uses of the app: sessions, and the mail that confirms and resets accounts. */
export interface AuthContext extends SessionContext {
  mail: MailQueue;
  /** PUBLIC_URL, or the default origin; mailed links start with `linkOriginOf` (lib/link-origin.ts). */
  publicUrl: string;
  isPublicUrlSet: boolean;
}

/** The area's context, from the app's. */
export function createAuthContext(ctx: AppContext): AuthContext {
  return {
    db: ctx.db,
    events: ctx.events,
    jwtSecret: ctx.serverSecret,
    mail: ctx.mail,
    publicUrl: ctx.config.publicUrl,
    isPublicUrlSet: ctx.config.isPublicUrlSet,
  };
}
