import type { LanDesktopData, LanPeer } from '@clipsync/shared';

/** What LAN Share knows of the other devices: pure data, changed only by the functions below. */
export interface LanPeersState {
  peers: LanPeer[];
  /** The desktops of the hosts this device connected to, by peer id. */
  connected: Record<string, LanDesktopData>;
  /** Hosts this device was connected to that stopped sharing or left, by peer id: their names. */
  ended: Record<string, string>;
  /** Connected hosts whose panel the user closed (shown again by Connect). */
  hidden: string[];
}

export const NO_PEERS: LanPeersState = { peers: [], connected: {}, ended: {}, hidden: [] };

/**
 * A peer announced itself: it takes the place of the one with its id, or joins the list at its end. An
 * announce says nothing of nearness (one broadcast for every viewer): a peer already listed keeps its label,
 * a newcomer has none until the list is asked for again.
 */
export function withPeer(peers: readonly LanPeer[], peer: LanPeer): LanPeer[] {
  const nearness = peer.nearness ?? peers.find((known) => known.id === peer.id)?.nearness;
  return [...peers.filter((known) => known.id !== peer.id), nearness ? { ...peer, nearness } : peer];
}

/**
 * The ended shares other than `peerId`'s and those under `name`. A device that reconnects or comes back to
 * its desktop is a new peer under its old name: its ended panel is the same device's, not another one.
 */
function endedExcept(ended: Record<string, string>, peerId: string, name: string | undefined) {
  return Object.fromEntries(Object.entries(ended).filter(([id, endedName]) => id !== peerId && endedName !== name));
}

/**
 * A host's desktop arrived, the first time or as an update: it is shown, and a share of it that ended is no
 * more (under its id, or under its name when it came back as a new peer).
 */
export function receiveDesktop(
  state: LanPeersState,
  peerId: string,
  desktop: LanDesktopData,
): Pick<LanPeersState, 'connected' | 'ended'> {
  const name = state.peers.find((peer) => peer.id === peerId)?.name;
  return { connected: { ...state.connected, [peerId]: desktop }, ended: endedExcept(state.ended, peerId, name) };
}

/**
 * A host stopped sharing or left: it leaves the list and its desktop is dropped. A panel that showed it
 * says its share ended, under the name it had, once: an ended panel of the same name before it (the same
 * device as an earlier peer) gives way. A closed one, or a host never connected to, leaves nothing.
 */
export function endShare(state: LanPeersState, peerId: string): LanPeersState {
  const { [peerId]: had, ...connected } = state.connected;
  const name = state.peers.find((peer) => peer.id === peerId)?.name;
  const isShown = had !== undefined && !state.hidden.includes(peerId);
  return {
    peers: state.peers.filter((peer) => peer.id !== peerId),
    connected,
    hidden: state.hidden.filter((id) => id !== peerId),
    ended: isShown ? { ...endedExcept(state.ended, peerId, name ?? ''), [peerId]: name ?? '' } : state.ended,
  };
}

/** The user closed a host's panel: one whose share ended is forgotten, another hidden. Undefined: no change. */
export function closePanel(
  state: LanPeersState,
  peerId: string,
): Pick<LanPeersState, 'ended'> | Pick<LanPeersState, 'hidden'> | undefined {
  if (peerId in state.ended) {
    const { [peerId]: _closed, ...ended } = state.ended;
    return { ended };
  }
  return state.hidden.includes(peerId) ? undefined : { hidden: [...state.hidden, peerId] };
}
