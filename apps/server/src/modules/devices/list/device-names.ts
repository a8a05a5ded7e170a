import { DEVICE_NAME_MAX } from '@clipsync/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { devices, sessions, users } from '../../../db/schema/index';
import { distinctName } from '../../../lib/distinct-name';
import { hasLiveSession } from '../device-sessions';

/** A device name no other signed-in device of the account reads as: numbered when needed (lib/distinct-name.ts). */
export const distinctDeviceName = (wanted: string, taken: Iterable<string>): string =>
  distinctName(wanted, taken, DEVICE_NAME_MAX);

/**
 * The names the account's signed-in devices use (but `exceptDeviceId`'s), read after locking the account's
 * row: two devices named at once (two tabs registering, a rename beside a CLI sign-in) wait for each other,
 * so the rule holds under concurrency and not by luck. A signed-out device not yet swept holds no name.
 */
export async function lockedDeviceNames(tx: Transaction, userId: string, exceptDeviceId?: string): Promise<string[]> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const rows = await tx
    .select({ name: devices.name })
    .from(devices)
    .innerJoin(sessions, eq(sessions.id, devices.sessionId))
    .where(
      and(eq(devices.userId, userId), hasLiveSession(), exceptDeviceId ? ne(devices.id, exceptDeviceId) : undefined),
    );
  return rows.map(({ name }) => name);
}
