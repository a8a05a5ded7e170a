import { DEVICE_NAME_MAX } from '@clipsync/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { devices, sessions, users } from '../../db/schema';
import { hasLiveSession } from './device-sessions';

/**
 * Names are compared as a person (and `clipsync send --to`) reads them: trimmed, case and accents of the
 * same letter alike, so "Laptop" and "laptop " are one name.
 */
export const nameKey = (name: string): string => name.trim().normalize('NFKC').toLocaleLowerCase('en');

/**
 * `wanted` if no name in `taken` reads the same, else the first of "wanted 2", "wanted 3", … that is free:
 * a number rather than a random word, so the second browser of a kind is plainly the second and its name is
 * easy to type after `--to`. The base is cut so that the number always fits in DEVICE_NAME_MAX.
 */
export function distinctName(wanted: string, taken: Iterable<string>): string {
  const takenKeys = new Set([...taken].map(nameKey));
  const base = wanted.trim();
  if (!takenKeys.has(nameKey(base))) return base;
  for (let number = 2; ; number += 1) {
    const suffix = ` ${number}`;
    const candidate = `${base.slice(0, DEVICE_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!takenKeys.has(nameKey(candidate))) return candidate;
  }
}

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
