import type { Database } from '../../db/client';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { AppContext } from '../../app-context';

/**
 * Wrong passphrases or recovery keys an account may try in 15 minutes: the per-account figure of a wrong
 * sign-in password (modules/auth), which the unlock proof is the equivalent of for a sealed clipboard.
 */
export const UNLOCK_FAILURES_PER_ACCOUNT = { max: 10, windowMs: 15 * 60_000 };

export interface ClipboardKeyContext {
  db: Database;
  unlockFailures: AttemptLimiter;
}

export function createClipboardKeyContext(ctx: AppContext): ClipboardKeyContext {
  return { db: ctx.db, unlockFailures: ctx.attemptLimiter(UNLOCK_FAILURES_PER_ACCOUNT) };
}
