import { LAN_PEER_NAME_MAX, type LanDesktopData, type LanPeer } from '@clipsync/shared';
import type { Redis } from 'ioredis';
import { distinctName } from '../../lib/distinct-name';

/** A LAN peer as the server keeps it: `network` is its network's fingerprint, never shown to clients. */
export interface LanPeerRecord {
  id: string;
  name: string;
  network: string;
  /** True once the peer has announced itself as a host; the desktop it shares is read with desktopOf. */
  isHost: boolean;
  /** The signed-in device its socket is (decision 030), for labelling it `verified`; never shown to clients. */
  deviceId?: string;
}

/**
 * Hosts one network may have at once: every device sharing its page counts, and each keeps a desktop of up
 * to 1 MB here, so this bounds what one network can make the server hold (a household's or an office's
 * devices fit many times over).
 */
export const LAN_HOSTS_PER_NETWORK = 32;

/**
 * The name a host is listed under: the one it asked for, numbered when another host of its network reads
 * the same ("Chrome on Linux · Otter 2"), since two devices drawing the same word must still differ.
 */
const hostNameAmong = (wanted: string, otherHosts: Iterable<string>) =>
  distinctName(wanted, otherHosts, LAN_PEER_NAME_MAX);

/**
 * What all networks together may make the registry hold (config `lan`): many networks of 32 hosts each
 * would otherwise fill the server's memory, or Redis, with desktops.
 */
export interface LanRegistryBounds {
  maxHosts: number;
  maxHostedBytes: number;
}

/** A desktop's size as the registry keeps it: its JSON, in bytes. */
const byteSizeOf = (json: string) => Buffer.byteLength(json);

/**
 * Who is on which network right now (lib/network-key.ts): in memory on one node, in Redis when REDIS_URL is
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
   * (LAN_HOSTS_PER_NETWORK): 'full' when it has none, 'server-full' when all networks' hosts or desktops
   * together would pass LanRegistryBounds (the peer keeps what it had), undefined if the peer is gone. The
   * name is numbered when another host of the network has it, in the same step, so that it stays unique.
   */
  setDesktop(
    peerId: string,
    desktop: LanDesktopData,
    name?: string,
  ): Promise<LanPeerRecord | 'full' | 'server-full' | undefined>;
  /** The peer stops hosting but stays connected: its desktop is dropped and it is listed no more. */
  unhost(peerId: string): Promise<void>;
  /** The hosts of one network, except `exceptId` (a peer never lists itself). */
  hostsOf(network: string, exceptId: string): Promise<LanPeerRecord[]>;
  /** The peer is still connected: keeps a shared registry's entry from expiring. */
  touch(peerId: string): Promise<void>;
  remove(peerId: string): Promise<void>;
  /** Two connected peers proved near each other (lan-near-proof.ts): kept while both are. */
  markNear(peerId: string, otherPeerId: string): Promise<void>;
  /** The peers proved near this one. */
  nearPeersOf(peerId: string): Promise<Set<string>>;
}

export function createMemoryLanRegistry(bounds: LanRegistryBounds): LanRegistry {
  const peers = new Map<string, LanPeerRecord>();
  const desktops = new Map<string, { desktop: LanDesktopData; bytes: number }>();
  const hostsByNetwork = new Map<string, Set<string>>();
  const nearPeers = new Map<string, Set<string>>();
  let hostedBytes = 0;
  const unhost = async (peerId: string) => {
    const peer = peers.get(peerId);
    if (!peer) return;
    peer.isHost = false;
    hostedBytes -= desktops.get(peerId)?.bytes ?? 0;
    desktops.delete(peerId);
    const hosts = hostsByNetwork.get(peer.network);
    hosts?.delete(peerId);
    if (hosts?.size === 0) hostsByNetwork.delete(peer.network);
  };
  return {
    add: async (peer) => void peers.set(peer.id, peer),
    get: async (peerId) => peers.get(peerId),
    desktopOf: async (peerId) => desktops.get(peerId)?.desktop,
    async setDesktop(peerId, desktop, name) {
      const peer = peers.get(peerId);
      if (!peer) return undefined;
      const hosts = hostsByNetwork.get(peer.network) ?? new Set<string>();
      const isNewHost = !hosts.has(peerId);
      if (isNewHost && hosts.size >= LAN_HOSTS_PER_NETWORK) return 'full';
      const bytes = byteSizeOf(JSON.stringify(desktop));
      const bytesBefore = desktops.get(peerId)?.bytes ?? 0;
      if (isNewHost && desktops.size >= bounds.maxHosts) return 'server-full';
      if (hostedBytes - bytesBefore + bytes > bounds.maxHostedBytes) return 'server-full';
      hostsByNetwork.set(peer.network, hosts.add(peerId));
      desktops.set(peerId, { desktop, bytes });
      hostedBytes += bytes - bytesBefore;
      if (name !== undefined || !peer.isHost) {
        const others = [...hosts].filter((id) => id !== peerId).map((id) => peers.get(id)?.name ?? '');
        peer.name = hostNameAmong(name ?? peer.name, others);
      }
      peer.isHost = true;
      return peer;
    },
    unhost,
    async hostsOf(network, exceptId) {
      const ids = [...(hostsByNetwork.get(network) ?? [])].filter((id) => id !== exceptId);
      return ids.map((id) => peers.get(id)).filter((peer): peer is LanPeerRecord => peer !== undefined);
    },
    touch: async () => undefined,
    async remove(peerId) {
      await unhost(peerId);
      peers.delete(peerId);
      for (const other of nearPeers.get(peerId) ?? []) nearPeers.get(other)?.delete(peerId);
      nearPeers.delete(peerId);
    },
    async markNear(peerId, otherPeerId) {
      if (!peers.has(peerId) || !peers.has(otherPeerId)) return;
      nearPeers.set(peerId, (nearPeers.get(peerId) ?? new Set()).add(otherPeerId));
      nearPeers.set(otherPeerId, (nearPeers.get(otherPeerId) ?? new Set()).add(peerId));
    },
    nearPeersOf: async (peerId) => new Set(nearPeers.get(peerId)),
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
const nearKey = (peerId: string) => `clipsync:lan:v2:near:${peerId}`;

/** Every host of every network, by when its entry expires; each one's desktop bytes; their sum. */
const ALL_HOSTS_KEY = 'clipsync:lan:v2:all-hosts';
const HOST_BYTES_KEY = 'clipsync:lan:v2:host-bytes';
const HOSTED_BYTES_KEY = 'clipsync:lan:v2:hosted-bytes';

/**
 * setDesktop in Redis, as one script so that racing announces cannot pass the caps together and a peer
 * removed meanwhile is not written back. KEYS: the peer, its desktop, its network's hosts, then
 * ALL_HOSTS_KEY, HOST_BYTES_KEY, HOSTED_BYTES_KEY. ARGV: the record, the desktop, the expiry, the network
 * cap, the peer's id, the peer key prefix (hosts whose record expired, their node gone, are dropped from
 * the set before counting), now in ms, the server's caps on hosts and on bytes, the desktop's bytes, and
 * the new name lower-cased ('' when the name stays).
 */
const SET_DESKTOP_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'gone' end
-- ARGV[11]: the name's key when it is being set; another host of the network already under it refuses.
if ARGV[11] ~= '' then
  for _, id in ipairs(redis.call('SMEMBERS', KEYS[3])) do
    local other = id ~= ARGV[5] and redis.call('GET', ARGV[6] .. id)
    if other and string.lower(cjson.decode(other).name) == ARGV[11] then return 'name-taken' end
  end
end
local isNewHost = redis.call('SISMEMBER', KEYS[3], ARGV[5]) == 0
if isNewHost then
  for _, id in ipairs(redis.call('SMEMBERS', KEYS[3])) do
    if redis.call('EXISTS', ARGV[6] .. id) == 0 then redis.call('SREM', KEYS[3], id) end
  end
  if redis.call('SCARD', KEYS[3]) >= tonumber(ARGV[4]) then return 'full' end
end
-- Hosts whose entry expired unrenewed (their node gone) stop counting toward the server's bounds.
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', ARGV[7], 'LIMIT', 0, 100)) do
  redis.call('DECRBY', KEYS[6], tonumber(redis.call('HGET', KEYS[5], id) or '0'))
  redis.call('HDEL', KEYS[5], id)
  redis.call('ZREM', KEYS[4], id)
end
local before = tonumber(redis.call('HGET', KEYS[5], ARGV[5]) or '0')
local bytes = tonumber(ARGV[10])
if redis.call('ZSCORE', KEYS[4], ARGV[5]) == false and redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[8]) then
  return 'server-full'
end
if tonumber(redis.call('GET', KEYS[6]) or '0') - before + bytes > tonumber(ARGV[9]) then return 'server-full' end
if isNewHost then redis.call('SADD', KEYS[3], ARGV[5]) end
redis.call('ZADD', KEYS[4], tonumber(ARGV[7]) + tonumber(ARGV[3]) * 1000, ARGV[5])
redis.call('HSET', KEYS[5], ARGV[5], bytes)
redis.call('INCRBY', KEYS[6], bytes - before)
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
return 'ok'
`;

/** A host gone: its bytes leave the server's sum. KEYS: ALL_HOSTS_KEY, HOST_BYTES_KEY, HOSTED_BYTES_KEY. */
const FORGET_HOST_SCRIPT = `
redis.call('DECRBY', KEYS[3], tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0'))
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[1], ARGV[1])
`;

/**
 * The same registry in Redis: one key per peer and one per host's desktop (expiring unless touched), and
 * one set of host ids per network. Ids whose peer expired are dropped from the set when it is read. The
 * server-wide bounds count every host in ALL_HOSTS_KEY, renewed with its entry, and its bytes beside.
 */
export function createRedisLanRegistry(redis: Redis, bounds: LanRegistryBounds): LanRegistry {
  const get = async (peerId: string) => {
    const stored = await redis.get(peerKey(peerId));
    return stored ? (JSON.parse(stored) as LanPeerRecord) : undefined;
  };
  const hostsOf = async (network: string, exceptId: string): Promise<LanPeerRecord[]> => {
    const ids = (await redis.smembers(hostsKey(network))).filter((id) => id !== exceptId);
    if (ids.length === 0) return [];
    const stored = await redis.mget(ids.map(peerKey));
    const gone = ids.filter((_, index) => stored[index] === null);
    if (gone.length > 0) await redis.srem(hostsKey(network), ...gone);
    return stored.filter((value): value is string => value !== null).map((value) => JSON.parse(value) as LanPeerRecord);
  };
  /** One try of setDesktop's script; 'name-taken' when another host of the network took the name meanwhile. */
  const storeHost = async (peer: LanPeerRecord, updated: LanPeerRecord, desktop: LanDesktopData, isNaming: boolean) => {
    const peerId = peer.id;
    const desktopJson = JSON.stringify(desktop);
    const outcome = await redis.eval(
      SET_DESKTOP_SCRIPT,
      6,
      peerKey(peerId),
      desktopKey(peerId),
      hostsKey(peer.network),
      ALL_HOSTS_KEY,
      HOST_BYTES_KEY,
      HOSTED_BYTES_KEY,
      JSON.stringify(updated),
      desktopJson,
      LAN_PEER_TTL_SECONDS,
      LAN_HOSTS_PER_NETWORK,
      peerId,
      PEER_KEY_PREFIX,
      Date.now(),
      bounds.maxHosts,
      bounds.maxHostedBytes,
      byteSizeOf(desktopJson),
      // Lower-cased as Lua does (ASCII only): the script's check guards the race, distinctName keeps the full rule.
      isNaming ? updated.name.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : '',
    );
    if (outcome === 'full' || outcome === 'server-full' || outcome === 'name-taken') return outcome;
    return outcome === 'ok' ? updated : undefined;
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
      const isNaming = name !== undefined || !peer.isHost;
      // The name is chosen from the hosts listed now and checked again inside the script: a host that took it
      // meanwhile (on any node) makes it choose again, with that host listed.
      for (let attempt = 0; attempt < LAN_HOSTS_PER_NETWORK; attempt += 1) {
        const others = isNaming ? (await hostsOf(peer.network, peerId)).map((host) => host.name) : [];
        const named = isNaming ? hostNameAmong(name ?? peer.name, others) : peer.name;
        const outcome = await storeHost(peer, { ...peer, isHost: true, name: named }, desktop, isNaming);
        if (outcome !== 'name-taken') return outcome;
      }
      // Each retry means another host came in meanwhile: past the network's cap of hosts, it is full.
      return 'full';
    },
    async unhost(peerId) {
      const peer = await get(peerId);
      if (!peer) return;
      await redis
        .multi()
        // XX: a peer removed meanwhile (its socket gone) is not written back.
        .set(peerKey(peerId), JSON.stringify({ ...peer, isHost: false }), 'EX', LAN_PEER_TTL_SECONDS, 'XX')
        .del(desktopKey(peerId))
        .srem(hostsKey(peer.network), peerId)
        .eval(FORGET_HOST_SCRIPT, 3, ALL_HOSTS_KEY, HOST_BYTES_KEY, HOSTED_BYTES_KEY, peerId)
        .exec();
    },
    hostsOf,
    async touch(peerId) {
      await redis
        .multi()
        .expire(peerKey(peerId), LAN_PEER_TTL_SECONDS)
        .expire(desktopKey(peerId), LAN_PEER_TTL_SECONDS)
        .expire(nearKey(peerId), LAN_PEER_TTL_SECONDS)
        .zadd(ALL_HOSTS_KEY, 'XX', Date.now() + LAN_PEER_TTL_SECONDS * 1000, peerId)
        .exec();
    },
    async remove(peerId) {
      const [peer, near] = await Promise.all([get(peerId), redis.smembers(nearKey(peerId))]);
      const removal = redis
        .multi()
        .del(peerKey(peerId), desktopKey(peerId), nearKey(peerId))
        .eval(FORGET_HOST_SCRIPT, 3, ALL_HOSTS_KEY, HOST_BYTES_KEY, HOSTED_BYTES_KEY, peerId);
      if (peer) removal.srem(hostsKey(peer.network), peerId);
      for (const other of near) removal.srem(nearKey(other), peerId);
      await removal.exec();
    },
    async markNear(peerId, otherPeerId) {
      const [one, other] = await redis.mget(peerKey(peerId), peerKey(otherPeerId));
      if (one === null || other === null) return;
      await redis
        .multi()
        .sadd(nearKey(peerId), otherPeerId)
        .expire(nearKey(peerId), LAN_PEER_TTL_SECONDS)
        .sadd(nearKey(otherPeerId), peerId)
        .expire(nearKey(otherPeerId), LAN_PEER_TTL_SECONDS)
        .exec();
    },
    nearPeersOf: async (peerId) => new Set(await redis.smembers(nearKey(peerId))),
  };
}

/** A LAN peer as other peers see it: no address is handed out (`ip` and `port` stay null). */
export function toLanPeer(peer: LanPeerRecord): LanPeer {
  return { id: peer.id, name: peer.name, ip: null, port: null, isHost: peer.isHost };
}
