import type { Desktop, LanDesktopData, LanErrorPayload, LanPeer } from '@clipsync/shared';
import { saveDeviceName, storedDeviceName } from '../lib/device-name';
import { answerLanNearness, proveLanNearness } from './lan-nearness';
import { closePanel, endShare, NO_PEERS, receiveDesktop, withPeer, type LanPeersState } from './lan-peers';
import type { LanSocketFactory } from './lan-socket';
import type { RealtimeSocket } from './socket-client';

/**
 * LAN Share's timings: discovery poll, the list asked again after announces (to label newcomers' nearness,
 * once for a burst of them), peer connect timeout, host update after a change, status poll.
 */
export const LAN_DISCOVERY_POLL_MS = 10_000;
export const LAN_RELIST_AFTER_ANNOUNCE_MS = 300;
export const LAN_PEER_CONNECT_TIMEOUT_MS = 5000;
export const LAN_HOST_UPDATE_DELAY_MS = 500;
export const LAN_STATUS_POLL_MS = 2000;

/** The other devices (lan-peers.ts) and this one's part in LAN Share. */
export interface LanSessionState extends LanPeersState {
  /** The status indicator: a live socket that hosts or discovers, polled every 2 s. */
  isActive: boolean;
  /** This device's desktop is announced to the network: only ever after its user chose to share it. */
  isHosting: boolean;
  isDiscovering: boolean;
  isAutoConnect: boolean;
  /** What peers call this device; kept in this browser. */
  deviceName: string;
}

/** The i18n keys of what the session tells the person using it. */
export type LanNoticeText =
  | 'lan.discoveryActive'
  | 'lan.noDesktopData'
  | 'lan.hostingStarted'
  | 'lan.hostingFailed'
  | 'lan.hostingStopped'
  | 'lan.stoppedOnLeave'
  | 'lan.connected'
  | 'lan.connectionFailed'
  | 'lan.couldNotConnect'
  | 'lan.failedToConnect'
  | 'lan.autoConnectEnabled'
  | 'lan.autoConnectDisabled'
  | 'lan.deviceRenamed'
  | 'lan.deviceNameInvalid';

export interface LanNotice {
  tone: 'success' | 'info' | 'error';
  title: LanNoticeText;
  /** A text of ours, or the server's own words. */
  detail?: { text: LanNoticeText } | { serverSays: string };
}

const INITIAL_STATE: Omit<LanSessionState, 'deviceName'> = {
  isActive: false,
  isHosting: false,
  isDiscovering: false,
  ...NO_PEERS,
  isAutoConnect: true,
};

const toLanData = (desktop: Desktop): LanDesktopData => ({
  desktopId: desktop.id,
  items: desktop.items,
  lastUpdated: new Date().toISOString(),
});

const warnLanDisabled = (message: string) => console.warn(`LAN features are disabled: ${message}`);

/**
 * LAN Share: discovers the network's hosts and keeps the desktops of the ones connected to, and
 * hosts this device's desktop only once its user chose to (`share`) until they stop (`stopSharing`).
 * Owns the LAN socket and its timers; everything stops on `stop` and on `dispose`. Its state is read with
 * `subscribe`/`getState` (React's external store), what it tells the user through `onNotice`.
 */
export class LanSession {
  private state: LanSessionState = { ...INITIAL_STATE, deviceName: storedDeviceName() };
  /** The user chose to share: announced on every (re)connect until they stop. */
  private wantsHosting = false;
  private socket: RealtimeSocket | null = null;
  private desktop: Desktop | undefined;
  private announced: Desktop | undefined;
  private timers: Array<ReturnType<typeof setInterval>> = [];
  private hostUpdate: ReturnType<typeof setTimeout> | undefined;
  private relist: ReturnType<typeof setTimeout> | undefined;
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private notify: (notice: LanNotice) => void = () => undefined;
  private stopAnswering: () => void = () => undefined;

  constructor(private readonly createSocket: LanSocketFactory) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getState = () => this.state;

  /** Where notices go; returns the release. */
  onNotice(listener: (notice: LanNotice) => void): () => void {
    this.notify = listener;
    return () => {
      if (this.notify === listener) this.notify = () => undefined;
    };
  }

  /** Layout auto-sync: the hosted desktop follows the page, 500 ms after its last change. */
  setDesktop(desktop: Desktop | undefined): void {
    this.desktop = desktop;
    this.scheduleHostUpdate();
  }

  start(): void {
    if (this.socket) return;
    const socket = this.createSocket();
    this.socket = socket;
    socket.on('lan:peers:list', ({ peers }) => {
      this.update({ peers });
      peers.forEach((peer) => this.maybeAutoConnect(peer));
    });
    socket.on('lan:peer:announce', ({ peer }) => {
      this.update({ peers: withPeer(this.state.peers, peer) });
      this.maybeAutoConnect(peer);
      this.scheduleRelist();
    });
    socket.on('lan:peer:disconnect', ({ peerId }) => this.endShare(peerId));
    socket.on('lan:host:stopped', ({ peerId }) => this.endShare(peerId));
    const receive = ({ peerId, desktop }: { peerId: string; desktop: LanDesktopData }) =>
      this.update(receiveDesktop(this.state, peerId, desktop));
    socket.on('lan:peer:desktop_data', (payload) => {
      const wasPending = this.settle(payload.peerId);
      receive(payload);
      if (wasPending) this.notify({ tone: 'success', title: 'lan.connected' });
    });
    socket.on('lan:desktop:update', receive);
    // Another peer proving itself near this one (decision 030), and either side told it worked: the list,
    // asked again, labels the pair verified.
    this.stopAnswering = answerLanNearness(socket);
    socket.on('lan:near:proved', () => socket.emit('lan:discover:request_peers'));
    socket.on('lan:error', (error: LanErrorPayload) => {
      if (error.code === 'NOT_LOCAL_NETWORK') warnLanDisabled(error.message);
    });
    socket.on('connect', () => {
      // After a reconnect the server knows this device as a new peer, in none of its hosts' channels: the
      // desktops shown so far would no longer be kept current, so they are asked for again.
      this.update({ connected: {}, hidden: [] });
      // Announced again, with the desktop as it is then, only if its user chose to share: the server
      // forgets a peer that leaves.
      if (this.wantsHosting) this.announce(socket);
    });
    socket.connect();
    this.update({ isDiscovering: true });
    this.notify({ tone: 'info', title: 'lan.discoveryActive' });
    this.timers.push(
      setInterval(() => this.socket?.emit('lan:discover:request_peers'), LAN_DISCOVERY_POLL_MS),
      setInterval(() => this.checkActive(), LAN_STATUS_POLL_MS),
    );
  }

  /** The user chose to share this device's desktop with the network (the dialog's summary said what). */
  share(): void {
    // One toast shows at a time: the missing desktop, an error, must not be hidden by the news.
    if (!this.desktop) {
      this.notify({ tone: 'error', title: 'lan.noDesktopData' });
      return;
    }
    this.wantsHosting = true;
    if (!this.socket) this.start();
    else if (this.socket.connected) this.announce(this.socket);
  }

  /** Stops sharing this device's desktop; discovery and the desktops connected to stay. */
  stopSharing(): void {
    this.wantsHosting = false;
    this.announced = undefined;
    clearTimeout(this.hostUpdate);
    if (!this.state.isHosting) return;
    this.socket?.emit('lan:host:stop', {});
    this.update({ isHosting: false });
    this.notify({ tone: 'info', title: 'lan.hostingStopped' });
  }

  /** Renames this device (kept in this browser); a host's peers see the new name at once. */
  rename(name: string): void {
    const saved = saveDeviceName(name);
    if (!saved) {
      this.notify({ tone: 'error', title: 'lan.deviceNameInvalid' });
      return;
    }
    this.update({ deviceName: saved });
    this.notify({ tone: 'success', title: 'lan.deviceRenamed' });
    if (this.state.isHosting && this.socket?.connected) this.announce(this.socket, { isRename: true });
  }

  /**
   * Proves this device near a listed peer over a direct link (NearUnreachableError when none opens); the
   * list labels it verified once the server says so.
   */
  async checkNearby(peerId: string): Promise<void> {
    if (!this.socket?.connected) throw new Error('LAN Share is not connected');
    await proveLanNearness(this.socket, peerId);
  }

  /** Hides a host's panel; one whose share ended is forgotten. */
  closePanel(peerId: string): void {
    const change = closePanel(this.state, peerId);
    if (change) this.update(change);
  }

  stop(): void {
    const wasHosting = this.state.isHosting;
    this.wantsHosting = false;
    this.dispose();
    this.update({
      isHosting: false,
      isDiscovering: false,
      isActive: false,
      ...NO_PEERS,
    });
    if (wasHosting) this.notify({ tone: 'info', title: 'lan.hostingStopped' });
  }

  /**
   * The page is left: everything stops with its socket. Sharing lasts only while the page is open (where
   * its banner says so and offers Stop), so a desktop being shared is said to stop, not dropped unsaid.
   */
  leave(): void {
    const wasHosting = this.state.isHosting;
    this.wantsHosting = false;
    this.dispose();
    if (wasHosting) this.notify({ tone: 'info', title: 'lan.hostingStopped', detail: { text: 'lan.stoppedOnLeave' } });
  }

  /** Closes the socket and its timers, keeping what is shown. */
  dispose(): void {
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    clearTimeout(this.hostUpdate);
    clearTimeout(this.relist);
    this.pending.forEach((timer) => clearTimeout(timer));
    this.pending.clear();
    this.stopAnswering();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners?.();
      socket.disconnect();
    }
  }

  connect(peerId: string): void {
    const socket = this.socket;
    if (this.state.connected[peerId] && this.state.hidden.includes(peerId)) {
      this.update({ hidden: this.state.hidden.filter((id) => id !== peerId) });
      return;
    }
    if (!socket || this.pending.has(peerId) || this.state.connected[peerId]) return;
    const fail = (reason: LanNoticeText) => {
      this.settle(peerId);
      this.notify({ tone: 'error', title: 'lan.connectionFailed', detail: { text: reason } });
    };
    this.pending.set(
      peerId,
      setTimeout(() => fail('lan.couldNotConnect'), LAN_PEER_CONNECT_TIMEOUT_MS),
    );
    socket.emit('lan:peer:connect', { peerId }, (ack) => {
      if (ack.ok || !this.pending.has(peerId)) return;
      if (ack.code === 'NOT_LOCAL_NETWORK') this.settle(peerId);
      else fail(ack.code === 'NOT_FOUND' ? 'lan.couldNotConnect' : 'lan.failedToConnect');
    });
  }

  setAutoConnect(isOn: boolean): void {
    this.update({ isAutoConnect: isOn });
    this.notify({ tone: 'info', title: isOn ? 'lan.autoConnectEnabled' : 'lan.autoConnectDisabled' });
    if (isOn) this.state.peers.forEach((peer) => this.maybeAutoConnect(peer));
  }

  private announce(socket: RealtimeSocket, { isRename = false } = {}): void {
    const hosted = this.desktop;
    if (!hosted) return;
    this.announced = hosted;
    const name = this.state.deviceName;
    socket.emit('lan:host:announce', { name, desktop: toLanData(hosted) }, (ack) => {
      // The user stopped while the announce was on its way: the server is told again.
      if (!this.wantsHosting) {
        if (ack.ok) socket.emit('lan:host:stop', {});
        return;
      }
      if (ack.ok) {
        this.update({ isHosting: true });
        if (!isRename) this.notify({ tone: 'success', title: 'lan.hostingStarted' });
        this.scheduleHostUpdate();
      } else {
        // Refused (the network has too many hosts): sharing is the user's to try again, not a reconnect's.
        this.wantsHosting = false;
        this.update({ isHosting: false });
        this.notify({ tone: 'error', title: 'lan.hostingFailed', detail: { serverSays: ack.error } });
      }
    });
  }

  private scheduleHostUpdate(): void {
    clearTimeout(this.hostUpdate);
    const desktop = this.desktop;
    if (!this.state.isHosting || !desktop || desktop === this.announced) return;
    this.hostUpdate = setTimeout(
      () => this.socket?.emit('lan:host:update', { desktop: toLanData(desktop) }),
      LAN_HOST_UPDATE_DELAY_MS,
    );
  }

  /** The list labels each peer's nearness for this viewer; an announce cannot, so the list is asked again. */
  private scheduleRelist(): void {
    clearTimeout(this.relist);
    this.relist = setTimeout(() => this.socket?.emit('lan:discover:request_peers'), LAN_RELIST_AFTER_ANNOUNCE_MS);
  }

  /** Auto-Connect is about seeing others' desktops; it never shares this one. */
  private maybeAutoConnect(peer: LanPeer): void {
    if (this.state.isAutoConnect && peer.isHost && !this.state.connected[peer.id]) this.connect(peer.id);
  }

  /** A host stopped sharing or left: a desktop shown from it is dropped, and its panel says so. */
  private endShare(peerId: string): void {
    this.settle(peerId);
    this.update(endShare(this.state, peerId));
  }

  /** Ends a pending connect's wait; says whether one was pending. */
  private settle(peerId: string): boolean {
    clearTimeout(this.pending.get(peerId));
    return this.pending.delete(peerId);
  }

  private isLive(state: LanSessionState): boolean {
    return Boolean(this.socket?.connected) && (state.isHosting || state.isDiscovering);
  }

  private checkActive(): void {
    const isActive = this.isLive(this.state);
    if (isActive !== this.state.isActive) this.update({ isActive });
  }

  /** A new state for React; hosting or discovering starting or ending is checked at once, not at the next poll. */
  private update(change: Partial<LanSessionState>): void {
    const next = { ...this.state, ...change };
    const isRoleChange = 'isHosting' in change || 'isDiscovering' in change;
    if (isRoleChange && !('isActive' in change)) next.isActive = this.isLive(next);
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}
