import type { Desktop, LanDesktopData, LanErrorPayload, LanPeer } from '@clipsync/shared';
import { currentDeviceName } from '../lib/device-name';
import type { LanSocketFactory } from './lan-socket';
import type { RealtimeSocket } from './socket-client';

/** LAN Share's timings: discovery poll, peer connect timeout, host update after a change, status poll. */
export const LAN_DISCOVERY_POLL_MS = 10_000;
export const LAN_PEER_CONNECT_TIMEOUT_MS = 5000;
export const LAN_HOST_UPDATE_DELAY_MS = 500;
export const LAN_STATUS_POLL_MS = 2000;

export interface LanSessionState {
  /** The status indicator: a live socket that hosts or discovers, polled every 2 s. */
  isActive: boolean;
  isHosting: boolean;
  isDiscovering: boolean;
  peers: LanPeer[];
  /** The desktops of the hosts this device connected to, by peer id. */
  connected: Record<string, LanDesktopData>;
  isAutoConnect: boolean;
}

/** The i18n keys of what the session tells the person using it. */
export type LanNoticeText =
  | 'lan.discoveryActive'
  | 'lan.noDesktopData'
  | 'lan.hostingStarted'
  | 'lan.hostingFailed'
  | 'lan.hostingStopped'
  | 'lan.connected'
  | 'lan.connectionFailed'
  | 'lan.couldNotConnect'
  | 'lan.failedToConnect'
  | 'lan.autoConnectEnabled'
  | 'lan.autoConnectDisabled';

export interface LanNotice {
  tone: 'success' | 'info' | 'error';
  title: LanNoticeText;
  /** A text of ours, or the server's own words. */
  detail?: { text: LanNoticeText } | { serverSays: string };
}

const INITIAL_STATE: LanSessionState = {
  isActive: false,
  isHosting: false,
  isDiscovering: false,
  peers: [],
  connected: {},
  isAutoConnect: true,
};

const toLanData = (desktop: Desktop): LanDesktopData => ({
  desktopId: desktop.id,
  items: desktop.items,
  lastUpdated: new Date().toISOString(),
});

const warnLanDisabled = (message: string) => console.warn(`LAN features are disabled: ${message}`);

/**
 * LAN Share: hosts a desktop, discovers the network's hosts and keeps the desktops of the ones
 * connected to. Owns the LAN socket and its timers; everything stops on `stop` and on `dispose`. Its state
 * is read with `subscribe`/`getState` (React's external store), what it tells the user through `onNotice`.
 */
export class LanSession {
  private state = INITIAL_STATE;
  private socket: RealtimeSocket | null = null;
  private desktop: Desktop | undefined;
  private announced: Desktop | undefined;
  private timers: Array<ReturnType<typeof setInterval>> = [];
  private hostUpdate: ReturnType<typeof setTimeout> | undefined;
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private notify: (notice: LanNotice) => void = () => undefined;

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
      this.update({ peers: [...this.state.peers.filter((known) => known.id !== peer.id), peer] });
      this.maybeAutoConnect(peer);
    });
    socket.on('lan:peer:disconnect', ({ peerId }) => {
      const { [peerId]: _gone, ...rest } = this.state.connected;
      this.update({ peers: this.state.peers.filter((peer) => peer.id !== peerId), connected: rest });
    });
    const receive = ({ peerId, desktop }: { peerId: string; desktop: LanDesktopData }) =>
      this.update({ connected: { ...this.state.connected, [peerId]: desktop } });
    socket.on('lan:peer:desktop_data', (payload) => {
      const wasPending = this.settle(payload.peerId);
      receive(payload);
      if (wasPending) this.notify({ tone: 'success', title: 'lan.connected' });
    });
    socket.on('lan:desktop:update', receive);
    socket.on('lan:error', (error: LanErrorPayload) => {
      if (error.code === 'NOT_LOCAL_NETWORK') warnLanDisabled(error.message);
    });
    // Announced on every (re)connect, with the desktop as it is then: the server forgets a peer that leaves.
    socket.on('connect', () => this.announce(socket));
    socket.connect();
    this.update({ isDiscovering: true });
    // One toast shows at a time: the missing desktop, an error, must not be hidden by the news.
    if (this.desktop) this.notify({ tone: 'info', title: 'lan.discoveryActive' });
    else this.notify({ tone: 'error', title: 'lan.noDesktopData' });
    this.timers.push(
      setInterval(() => this.socket?.emit('lan:discover:request_peers'), LAN_DISCOVERY_POLL_MS),
      setInterval(() => this.checkActive(), LAN_STATUS_POLL_MS),
    );
  }

  stop(): void {
    this.dispose();
    this.update({ isHosting: false, isDiscovering: false, isActive: false, peers: [], connected: {} });
    this.notify({ tone: 'info', title: 'lan.hostingStopped' });
  }

  /** Closes the socket and its timers, keeping what is shown (a page leaving). */
  dispose(): void {
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    clearTimeout(this.hostUpdate);
    this.pending.forEach((timer) => clearTimeout(timer));
    this.pending.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners?.();
      socket.disconnect();
    }
  }

  connect(peerId: string): void {
    const socket = this.socket;
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

  private announce(socket: RealtimeSocket): void {
    // After a reconnect the server knows this device as a new peer, in none of its hosts' channels: the
    // desktops shown so far would no longer be kept current, so they are asked for again.
    this.update({ connected: {} });
    const hosted = this.desktop;
    if (!hosted) return;
    this.announced = hosted;
    // Peers list this device by its name ('Chrome on Windows'); without one the server says 'Nearby device'.
    socket.emit('lan:host:announce', { name: currentDeviceName(), desktop: toLanData(hosted) }, (ack) => {
      if (ack.ok) {
        this.update({ isHosting: true });
        this.notify({ tone: 'success', title: 'lan.hostingStarted' });
        this.scheduleHostUpdate();
      } else {
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

  private maybeAutoConnect(peer: LanPeer): void {
    if (this.state.isAutoConnect && peer.isHost) this.connect(peer.id);
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
