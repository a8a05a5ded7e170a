import type { LanPeer, LanPeerNearness } from '@clipsync/shared';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceNearness, devices } from '../../db/schema';
import type { LanPeerRecord } from './lan-registry';
import { toLanPeer } from './lan-registry';

/** The registered device of a signed-in socket's session, if it is one. */
export async function deviceIdOfSession(db: Database, sessionId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sessionId, sessionId));
  return row?.id;
}

/** The devices proved near this one (decision 030) and not expired: necessarily of the same account. */
async function nearDevicesOf(db: Database, deviceId: string): Promise<Set<string>> {
  const rows = await db
    .select({ a: deviceNearness.deviceA, b: deviceNearness.deviceB })
    .from(deviceNearness)
    .where(
      and(
        or(eq(deviceNearness.deviceA, deviceId), eq(deviceNearness.deviceB, deviceId)),
        gt(deviceNearness.expiresAt, sql`now()`),
      ),
    );
  return new Set(rows.map((row) => (row.a === deviceId ? row.b : row.a)));
}

/**
 * LAN peers as one viewer sees them: each `verified` when it is a device proved near the viewer's own
 * device, else `unverified` (grouped by address only); verified first, each group in the registry's order.
 */
export async function labelledPeers(
  db: Database,
  viewerDeviceId: string | undefined,
  hosts: readonly LanPeerRecord[],
): Promise<LanPeer[]> {
  const near = viewerDeviceId ? await nearDevicesOf(db, viewerDeviceId) : new Set<string>();
  const nearnessOf = (host: LanPeerRecord): LanPeerNearness =>
    host.deviceId !== undefined && near.has(host.deviceId) ? 'verified' : 'unverified';
  const labelled = hosts.map((host) => ({ ...toLanPeer(host), nearness: nearnessOf(host) }));
  return [
    ...labelled.filter((peer) => peer.nearness === 'verified'),
    ...labelled.filter((peer) => peer.nearness === 'unverified'),
  ];
}
