import type { MailSetup } from '@clipsync/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RegistrationConfig } from '../../config/registration-config';
import type { Database } from '../../db/client';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { DomainEvents } from '../../lib/domain-events';
import { mailSetupOf } from '../../mail/mail-delivery';
import type { MailQueue } from '../../mail/mail-queue';
import type { AppContext } from '../../app-context';
import type { SessionChecks } from '../../lib/session-checks';

/** What sessions need: their rows, the revocation events, and the key access tokens are signed with. */
export interface SessionContext {
  db: Database;
  events: DomainEvents;
  jwtSecret: string;
}

/** What a refresh needs besides: the checks other areas keep on their sessions (sso's provider re-check). */
export interface RefreshContext extends SessionContext {
  sessionChecks: SessionChecks;
}

/** What the auth area uses of the app: sessions, and the mail that confirms and resets accounts. */
export interface AuthContext extends RefreshContext {
  mail: MailQueue;
  /** PUBLIC_URL, or the default origin; mailed links start with `linkOriginOf` (lib/link-origin.ts). */
  publicUrl: string;
  isPublicUrlSet: boolean;
  /** Who may sign up, and who is an admin by address. */
  registration: RegistrationConfig;
  /** Whether mail is set up, and the dev outbox's path where it is offered: the sign-up page says where links go. */
  mailSetup: MailSetup;
  /**
   * OIDC_ONLY: the provider's button text, and password sign-in, sign-up and reset are for admins only;
   * undefined while passwords are for everyone.
   */
  ssoOnly: { buttonText: string } | undefined;
  /** The operator learns here who became the first admin. */
  log: FastifyBaseLogger;
  /** Sign-in, register and recovery calls per client address (AUTH_RATE_LIMIT_PER_IP), per 15 minutes. */
  attemptsPerIp: number;
  /** Mails asked per e-mail address, and wrong passwords per account from one client and from all. */
  attempts: {
    perEmail: AttemptLimiter;
    loginFailuresPerClient: AttemptLimiter;
    loginFailuresPerAccount: AttemptLimiter;
  };
}

const FIFTEEN_MINUTES_MS = 15 * 60_000;
/** Per e-mail: a person asks a few mails; a script cycling through addresses is held per address too. */
const PER_EMAIL = { max: 8, windowMs: FIFTEEN_MINUTES_MS };
/** Wrong passwords: 8 per account from one address, and a ceiling of 50 per account from all addresses. */
const LOGIN_FAILURES_PER_CLIENT = { max: 8, windowMs: FIFTEEN_MINUTES_MS };
const LOGIN_FAILURES_PER_ACCOUNT = { max: 50, windowMs: FIFTEEN_MINUTES_MS };

/** The area's context, from the app's. */
export function createAuthContext(ctx: AppContext): AuthContext {
  return {
    db: ctx.db,
    events: ctx.events,
    jwtSecret: ctx.serverSecret,
    sessionChecks: ctx.sessionChecks,
    mail: ctx.mail,
    publicUrl: ctx.config.publicUrl,
    isPublicUrlSet: ctx.config.isPublicUrlSet,
    registration: ctx.config.registration,
    mailSetup: mailSetupOf(ctx.config),
    ssoOnly: ctx.config.sso?.only ? { buttonText: ctx.config.sso.buttonText } : undefined,
    log: ctx.log,
    attemptsPerIp: ctx.config.authRateLimitPerIp,
    attempts: {
      perEmail: ctx.attemptLimiter(PER_EMAIL),
      loginFailuresPerClient: ctx.attemptLimiter(LOGIN_FAILURES_PER_CLIENT),
      loginFailuresPerAccount: ctx.attemptLimiter(LOGIN_FAILURES_PER_ACCOUNT),
    },
  };
}
