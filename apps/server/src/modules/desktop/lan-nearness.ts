import { channels, type LanPeer, type LanPeerNearness } from '@clipsync/shared';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceNearness, devices } from '../../db/schema';
import type { RealtimeSocket } from '../../realtime/types';
import type { LanPeerRecord, LanRegistry } from './lan-registry';
import { toLanPeer } from './lan-registry';

/** The registered device of a signed-in socket's session, if it is one. */
export async function deviceIdOfSession(db: Database, sessionId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sessionId, sessionId));
  return row?.id;
}

/** The devices proved near this one (decision 030) and not expired: necessarily of the same account. */
export async function nearDevicesOf(db: Database, deviceId: string | undefined): Promise<Set<string>> {
  if (deviceId === undefined) return new Set();
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
 * The hosts among the LAN sockets of these devices, on whichever network and node: proved near, they are
 * listed whatever their addresses say. A device's LAN sockets are in its `lanDevice` channel, each knowing
 * its peer id; the registry says which of those peers host.
 */
export async function hostsOfDevices(
  socket: RealtimeSocket,
  registry: LanRegistry,
  deviceIds: ReadonlySet<string>,
): Promise<LanPeerRecord[]> {
  if (deviceIds.size === 0) return [];
  // A node that does not answer in time costs the hosts it holds, not the whole list.
  const sockets = await socket.nsp
    .in([...deviceIds].map(channels.lanDevice))
    .fetchSockets()
    .catch(() => []);
  const peerIds = new Set(sockets.flatMap((found) => (found.data.lanPeerId ? [found.data.lanPeerId] : [])));
  const records = await Promise.all([...peerIds].map((peerId) => registry.get(peerId)));
  return records.filter((record): record is LanPeerRecord => record?.isHost === true);
}

/**
 * LAN peers as one viewer sees them: each `verified` when it is a device proved near the viewer's own
 * device, or a peer proved near the viewer's peer (a guest's, lan-near.socket.ts), else `unverified` (grouped
 * by address only); verified first, each group in the given order.
 */
export function labelledPeers(
  near: { devices: ReadonlySet<string>; peers: ReadonlySet<string> },
  hosts: readonly LanPeerRecord[],
): LanPeer[] {
  const nearnessOf = (host: LanPeerRecord): LanPeerNearness =>
    near.peers.has(host.id) || (host.deviceId !== undefined && near.devices.has(host.deviceId))
      ? 'verified'
      : 'unverified';
  const labelled = hosts.map((host) => ({ ...toLanPeer(host), nearness: nearnessOf(host) }));
  return [
    ...labelled.filter((peer) => peer.nearness === 'verified'),
    ...labelled.filter((peer) => peer.nearness === 'unverified'),
  ];
}
