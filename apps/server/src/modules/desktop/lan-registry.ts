import type { LanDesktopData, LanPeer } from '@clipsync/shared';
import type { Redis } from 'ioredis';

/** A LAN peer as the server keeps it: `network` is its network's fingerprint, never shown to clients. */
export interface LanPeerRecord {
  id: string;
  name: string;
  network: string;
  /** True once the peer has announced itself as a host; the desktop it shares is read with desktopOf. */
  isHost: boolean;
}

/**
 * Who is on which network right now (ARCHITECTURE §6): in memory on one node, in Redis when REDIS_URL is
 * set, so that a peer on node A discovers a host on node B. A host's desktop (up to 1 MB) is kept apart
 * from its record, so listing a network's hosts never reads their desktops.
 */
export interface LanRegistry {
  add(peer: LanPeerRecord): Promise<void>;
  get(peerId: string): Promise<LanPeerRecord | undefined>;
  /** The desktop a host shares; undefined for a peer that is gone or hosts none. */
  desktopOf(peerId: string): Promise<LanDesktopData | undefined>;
  /** Makes the peer a host of this desktop (and name); undefined if the peer is gone. */
  setDesktop(peerId: string, desktop: LanDesktopData, name?: string): Promise<LanPeerRecord | undefined>;
  /** The hosts of one network, except `exceptId` (a peer never lists itself). */
  hostsOf(network: string, exceptId: string): Promise<LanPeerRecord[]>;
  /** The peer is still connected: keeps a shared registry's entry from expiring. */
  touch(peerId: string): Promise<void>;
  remove(peerId: string): Promise<void>;
}

export function createMemoryLanRegistry(): LanRegistry {
  const peers = new Map<string, LanPeerRecord>();
  const desktops = new Map<string, LanDesktopData>();
  const byNetwork = new Map<string, Set<string>>();
  return {
    async add(peer) {
      peers.set(peer.id, peer);
      const members = byNetwork.get(peer.network) ?? new Set();
      members.add(peer.id);
      byNetwork.set(peer.network, members);
    },
    get: async (peerId) => peers.get(peerId),
    desktopOf: async (peerId) => desktops.get(peerId),
    async setDesktop(peerId, desktop, name) {
      const peer = peers.get(peerId);
      if (!peer) return undefined;
      desktops.set(peerId, desktop);
      peer.isHost = true;
      if (name) peer.name = name;
      return peer;
    },
    async hostsOf(network, exceptId) {
      const ids = [...(byNetwork.get(network) ?? [])].filter((id) => id !== exceptId);
      return ids.map((id) => peers.get(id)).filter((peer): peer is LanPeerRecord => Boolean(peer?.isHost));
    },
    touch: async () => undefined,
    async remove(peerId) {
      const peer = peers.get(peerId);
      if (!peer) return;
      peers.delete(peerId);
      desktops.delete(peerId);
      const members = byNetwork.get(peer.network);
      members?.delete(peerId);
      if (members?.size === 0) byNetwork.delete(peer.network);
    },
  };
}

/** A peer's entry outlives its node by at most this long when the node dies without saying goodbye. */
export const LAN_PEER_TTL_SECONDS = 180;
const peerKey = (peerId: string) => `clipsync:lan:peer:${peerId}`;
const desktopKey = (peerId: string) => `clipsync:lan:desktop:${peerId}`;
const networkKey = (network: string) => `clipsync:lan:net:${network}`;

/**
 * The same registry in Redis: one key per peer and one per host's desktop (expiring unless touched), and
 * one set of peer ids per network. Ids whose peer expired are dropped from the set when it is read.
 */
export function createRedisLanRegistry(redis: Redis): LanRegistry {
  const get = async (peerId: string) => {
    const stored = await redis.get(peerKey(peerId));
    return stored ? (JSON.parse(stored) as LanPeerRecord) : undefined;
  };
  return {
    async add(peer) {
      await redis
        .multi()
        .set(peerKey(peer.id), JSON.stringify(peer), 'EX', LAN_PEER_TTL_SECONDS)
        .sadd(networkKey(peer.network), peer.id)
        .exec();
    },
    get,
    async desktopOf(peerId) {
      const stored = await redis.get(desktopKey(peerId));
      return stored ? (JSON.parse(stored) as LanDesktopData) : undefined;
    },
    async setDesktop(peerId, desktop, name) {
      const peer = await get(peerId);
      if (!peer) return undefined;
      const updated = { ...peer, isHost: true, name: name ?? peer.name };
      await redis
        .multi()
        .set(peerKey(peerId), JSON.stringify(updated), 'EX', LAN_PEER_TTL_SECONDS)
        .set(desktopKey(peerId), JSON.stringify(desktop), 'EX', LAN_PEER_TTL_SECONDS)
        .exec();
      return updated;
    },
    async hostsOf(network, exceptId) {
      const ids = (await redis.smembers(networkKey(network))).filter((id) => id !== exceptId);
      if (ids.length === 0) return [];
      const stored = await redis.mget(ids.map(peerKey));
      const gone = ids.filter((_, index) => stored[index] === null);
      if (gone.length > 0) await redis.srem(networkKey(network), ...gone);
      return stored
        .filter((value): value is string => value !== null)
        .map((value) => JSON.parse(value) as LanPeerRecord)
        .filter((peer) => peer.isHost);
    },
    async touch(peerId) {
      await redis
        .multi()
        .expire(peerKey(peerId), LAN_PEER_TTL_SECONDS)
        .expire(desktopKey(peerId), LAN_PEER_TTL_SECONDS)
        .exec();
    },
    async remove(peerId) {
      const peer = await get(peerId);
      const removal = redis.multi().del(peerKey(peerId), desktopKey(peerId));
      if (peer) removal.srem(networkKey(peer.network), peerId);
      await removal.exec();
    },
  };
}

/** SPEC §3 LAN peer as other peers see it: no address is handed out. */
export function toLanPeer(peer: LanPeerRecord): LanPeer {
  return { id: peer.id, name: peer.name, ip: null, port: null, isHost: peer.isHost };
}
