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
 * Hosts one network may have at once: every device sharing its page counts, and each keeps a desktop of up
 * to 1 MB here, so this bounds what one network can make the server hold (a household's or an office's
 * devices fit many times over).
 */
export const LAN_HOSTS_PER_NETWORK = 32;

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
  /**
   * Makes the peer a host of this desktop (and name), in one step with the check that its network has room
   * (LAN_HOSTS_PER_NETWORK): 'full' when it has none, undefined if the peer is gone.
   */
  setDesktop(peerId: string, desktop: LanDesktopData, name?: string): Promise<LanPeerRecord | 'full' | undefined>;
  /** The hosts of one network, except `exceptId` (a peer never lists itself). */
  hostsOf(network: string, exceptId: string): Promise<LanPeerRecord[]>;
  /** The peer is still connected: keeps a shared registry's entry from expiring. */
  touch(peerId: string): Promise<void>;
  remove(peerId: string): Promise<void>;
}

export function createMemoryLanRegistry(): LanRegistry {
  const peers = new Map<string, LanPeerRecord>();
  const desktops = new Map<string, LanDesktopData>();
  const hostsByNetwork = new Map<string, Set<string>>();
  return {
    add: async (peer) => void peers.set(peer.id, peer),
    get: async (peerId) => peers.get(peerId),
    desktopOf: async (peerId) => desktops.get(peerId),
    async setDesktop(peerId, desktop, name) {
      const peer = peers.get(peerId);
      if (!peer) return undefined;
      const hosts = hostsByNetwork.get(peer.network) ?? new Set<string>();
      if (!hosts.has(peerId) && hosts.size >= LAN_HOSTS_PER_NETWORK) return 'full';
      hostsByNetwork.set(peer.network, hosts.add(peerId));
      desktops.set(peerId, desktop);
      peer.isHost = true;
      if (name) peer.name = name;
      return peer;
    },
    async hostsOf(network, exceptId) {
      const ids = [...(hostsByNetwork.get(network) ?? [])].filter((id) => id !== exceptId);
      return ids.map((id) => peers.get(id)).filter((peer): peer is LanPeerRecord => peer !== undefined);
    },
    touch: async () => undefined,
    async remove(peerId) {
      const peer = peers.get(peerId);
      if (!peer) return;
      peers.delete(peerId);
      desktops.delete(peerId);
      const hosts = hostsByNetwork.get(peer.network);
      hosts?.delete(peerId);
      if (hosts?.size === 0) hostsByNetwork.delete(peer.network);
    },
  };
}

/** A peer's entry outlives its node by at most this long when the node dies without saying goodbye. */
export const LAN_PEER_TTL_SECONDS = 180;
// v2: records carry `isHost` and desktops have keys of their own. Nodes of the version before read a
// record's `desktop`, so the two versions keep apart registries while a deployment rolls over.
const PEER_KEY_PREFIX = 'clipsync:lan:v2:peer:';
const peerKey = (peerId: string) => `${PEER_KEY_PREFIX}${peerId}`;
const desktopKey = (peerId: string) => `clipsync:lan:v2:desktop:${peerId}`;
const hostsKey = (network: string) => `clipsync:lan:v2:hosts:${network}`;

/**
 * setDesktop in Redis, as one script so that racing announces cannot pass the cap together and a peer
 * removed meanwhile is not written back. KEYS: the peer, its desktop, its network's hosts. ARGV: the
 * record, the desktop, the expiry, the cap, the peer's id, the peer key prefix (hosts whose record expired,
 * their node gone, are dropped from the set before counting).
 */
const SET_DESKTOP_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'gone' end
if redis.call('SISMEMBER', KEYS[3], ARGV[5]) == 0 then
  for _, id in ipairs(redis.call('SMEMBERS', KEYS[3])) do
    if redis.call('EXISTS', ARGV[6] .. id) == 0 then redis.call('SREM', KEYS[3], id) end
  end
  if redis.call('SCARD', KEYS[3]) >= tonumber(ARGV[4]) then return 'full' end
  redis.call('SADD', KEYS[3], ARGV[5])
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
return 'ok'
`;

/**
 * The same registry in Redis: one key per peer and one per host's desktop (expiring unless touched), and
 * one set of host ids per network. Ids whose peer expired are dropped from the set when it is read.
 */
export function createRedisLanRegistry(redis: Redis): LanRegistry {
  const get = async (peerId: string) => {
    const stored = await redis.get(peerKey(peerId));
    return stored ? (JSON.parse(stored) as LanPeerRecord) : undefined;
  };
  return {
    async add(peer) {
      await redis.set(peerKey(peer.id), JSON.stringify(peer), 'EX', LAN_PEER_TTL_SECONDS);
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
      const outcome = await redis.eval(
        SET_DESKTOP_SCRIPT,
        3,
        peerKey(peerId),
        desktopKey(peerId),
        hostsKey(peer.network),
        JSON.stringify(updated),
        JSON.stringify(desktop),
        LAN_PEER_TTL_SECONDS,
        LAN_HOSTS_PER_NETWORK,
        peerId,
        PEER_KEY_PREFIX,
      );
      if (outcome === 'full') return 'full';
      return outcome === 'ok' ? updated : undefined;
    },
    async hostsOf(network, exceptId) {
      const ids = (await redis.smembers(hostsKey(network))).filter((id) => id !== exceptId);
      if (ids.length === 0) return [];
      const stored = await redis.mget(ids.map(peerKey));
      const gone = ids.filter((_, index) => stored[index] === null);
      if (gone.length > 0) await redis.srem(hostsKey(network), ...gone);
      return stored
        .filter((value): value is string => value !== null)
        .map((value) => JSON.parse(value) as LanPeerRecord);
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
      if (peer) removal.srem(hostsKey(peer.network), peerId);
      await removal.exec();
    },
  };
}

/** SPEC §3 LAN peer as other peers see it: no address is handed out. */
export function toLanPeer(peer: LanPeerRecord): LanPeer {
  return { id: peer.id, name: peer.name, ip: null, port: null, isHost: peer.isHost };
}
