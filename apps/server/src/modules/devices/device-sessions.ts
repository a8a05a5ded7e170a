import { and, gt, isNull, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';

/**
 * A device is listed, renamed, named after or removed only while its session still signs it in: not revoked
 * (logout, sign-out, a token revoked) and not expired.
 */
export const hasLiveSession = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
