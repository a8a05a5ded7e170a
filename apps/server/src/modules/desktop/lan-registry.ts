import type { LanDesktopData, LanPeer } from '@clipsync/shared';

/** A LAN peer as the server keeps it: `network` is its network's fingerprint, never shown to clients. */
export interface LanPeerRecord {
  id: string;
  name: string;
  network: string;
  /** Set once the peer announces itself as a host, with the desktop it shares. */
  desktop: LanDesktopData | null;
}

/**
 * Who is on which network right now (ARCHITECTURE §6). In memory for one node; the Redis-backed
 * registry for several nodes implements the same interface (scale-out).
 */
export interface LanRegistry {
  add(peer: LanPeerRecord): void;
  get(peerId: string): LanPeerRecord | undefined;
  setDesktop(peerId: string, desktop: LanDesktopData, name?: string): LanPeerRecord | undefined;
  /** The hosts of one network, except `exceptId` (a peer never lists itself). */
  hostsOf(network: string, exceptId: string): LanPeerRecord[];
  remove(peerId: string): void;
}

export function createMemoryLanRegistry(): LanRegistry {
  const peers = new Map<string, LanPeerRecord>();
  const byNetwork = new Map<string, Set<string>>();
  return {
    add(peer) {
      peers.set(peer.id, peer);
      const members = byNetwork.get(peer.network) ?? new Set();
      members.add(peer.id);
      byNetwork.set(peer.network, members);
    },
    get: (peerId) => peers.get(peerId),
    setDesktop(peerId, desktop, name) {
      const peer = peers.get(peerId);
      if (!peer) return undefined;
      peer.desktop = desktop;
      if (name) peer.name = name;
      return peer;
    },
    hostsOf(network, exceptId) {
      const ids = [...(byNetwork.get(network) ?? [])].filter((id) => id !== exceptId);
      return ids.map((id) => peers.get(id)).filter((peer): peer is LanPeerRecord => Boolean(peer?.desktop));
    },
    remove(peerId) {
      const peer = peers.get(peerId);
      if (!peer) return;
      peers.delete(peerId);
      const members = byNetwork.get(peer.network);
      members?.delete(peerId);
      if (members?.size === 0) byNetwork.delete(peer.network);
    },
  };
}

/** SPEC §3 LAN peer as other peers see it: no address is handed out. */
export function toLanPeer(peer: LanPeerRecord): LanPeer {
  return { id: peer.id, name: peer.name, ip: null, port: null, isHost: peer.desktop !== null };
}
