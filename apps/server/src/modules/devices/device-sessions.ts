import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, sessions } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { authorize, type Policy } from '../../lib/policy';
import type { DeviceRow } from './devices.context';

/**
 * A device is listed, renamed, named after, removed, sent to or proved near only while its session still signs
 * it in: not revoked (logout, sign-out, a token revoked) and not expired.
 */
export const hasLiveSession = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/**
 * A device of a live session by id, as `policy` allows `action` on it. Another user's, an unknown or a
 * signed-out one is one 404, in the very words; one the caller may see but not act on is 403.
 */
export async function findLiveDevice<Action extends string>(
  db: Database,
  policy: Policy<DeviceRow, Action | 'read'>,
  action: Action,
  actor: Actor,
  deviceId: string,
): Promise<DeviceRow> {
  requireSignedIn(actor);
  const [found] = await db
    .select({ device: devices })
    .from(devices)
    .innerJoin(sessions, eq(sessions.id, devices.sessionId))
    .where(and(eq(devices.id, deviceId), hasLiveSession()));
  if (!found || !policy.read(actor, found.device)) throw new AppError('NOT_FOUND', 'Device not found');
  authorize(policy, action, actor, found.device);
  return found.device;
}
