import type { Desktop, LanDesktopData, LanErrorPayload, LanPeer } from '@clipsync/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io } from 'socket.io-client';
import { sessionStore } from '../../api/session-store';
import { currentDeviceName } from '../../lib/device-name';
import type { RealtimeSocket } from '../../realtime/socket-client';
import { useToast } from '../../ui/use-toast';

export type LanSocket = RealtimeSocket;
export type LanSocketFactory = () => LanSocket;

/** SPEC §9 LAN constants. */
export const LAN_DISCOVERY_POLL_MS = 10_000;
export const LAN_PEER_CONNECT_TIMEOUT_MS = 5000;
export const LAN_HOST_UPDATE_DELAY_MS = 500;
export const LAN_STATUS_POLL_MS = 2000;

type Ack = { ok: true } | { ok: false; error?: string; code?: string };

/**
 * A LAN peer is its own connection (never the app's main socket): websocket only, to the app's origin.
 * Socket.IO reconnects it by itself when its transport drops (a node draining on SIGTERM closes it so),
 * so the token is read at every attempt: the one refreshed in the meantime is the one sent.
 */
export const createLanSocket: LanSocketFactory = () =>
  io({
    transports: ['websocket'],
    withCredentials: true,
    autoConnect: false,
    forceNew: true,
    query: { type: 'lan_host' },
    auth: (send) => {
      const token = sessionStore.getSession()?.access_token;
      send(token ? { token } : {});
    },
  });

const toLanData = (desktop: Desktop): LanDesktopData => ({
  desktopId: desktop.id,
  items: desktop.items,
  lastUpdated: new Date().toISOString(),
});

const warnLanDisabled = (message: string) => console.warn(`LAN features are disabled: ${message}`);

/**
 * SPEC §2/§4 LAN Share: hosts this page's desktop, discovers the network's hosts and shows the desktops of
 * the ones connected to. Owns the LAN socket and its timers; everything stops on Stop and on unmount.
 */
export function useLanSession(desktop: Desktop | undefined, createSocket: LanSocketFactory = createLanSocket) {
  const { t } = useTranslation();
  const toast = useToast();
  const socketRef = useRef<LanSocket | null>(null);
  const announcedRef = useRef<Desktop | undefined>(undefined);
  const timersRef = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const pendingRef = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const [isHosting, setIsHosting] = useState(false);
  const [isDiscovering, setIsDiscovering] = useState(false);
  const [isActive, setIsActive] = useState(false);
  const [peers, setPeers] = useState<LanPeer[]>([]);
  const [connected, setConnected] = useState<Record<string, LanDesktopData>>({});
  const [isAutoConnect, setIsAutoConnect] = useState(true);
  const autoConnectRef = useRef(isAutoConnect);
  const connectedRef = useRef(connected);
  const desktopRef = useRef(desktop);
  useEffect(() => {
    connectedRef.current = connected;
    desktopRef.current = desktop;
  }, [connected, desktop]);

  const teardown = useCallback(() => {
    timersRef.current.forEach((timer) => clearInterval(timer));
    timersRef.current = [];
    pendingRef.current.forEach((timer) => clearTimeout(timer));
    pendingRef.current.clear();
    const socket = socketRef.current;
    socketRef.current = null;
    if (socket) {
      socket.removeAllListeners?.();
      socket.disconnect();
    }
  }, []);

  useEffect(() => teardown, [teardown]);

  const connect = useCallback(
    (peerId: string) => {
      const socket = socketRef.current;
      if (!socket || pendingRef.current.has(peerId) || connectedRef.current[peerId]) return;
      const fail = (description: string) => {
        clearTimeout(pendingRef.current.get(peerId));
        pendingRef.current.delete(peerId);
        toast.error({ title: t('lan.connectionFailed'), description });
      };
      pendingRef.current.set(
        peerId,
        setTimeout(() => fail(t('lan.couldNotConnect')), LAN_PEER_CONNECT_TIMEOUT_MS),
      );
      socket.emit('lan:peer:connect', { peerId }, (ack: Ack) => {
        if (ack.ok || !pendingRef.current.has(peerId)) return;
        if (ack.code === 'NOT_LOCAL_NETWORK') {
          clearTimeout(pendingRef.current.get(peerId));
          pendingRef.current.delete(peerId);
          return;
        }
        fail(t(ack.code === 'NOT_FOUND' ? 'lan.couldNotConnect' : 'lan.failedToConnect'));
      });
    },
    [t, toast],
  );

  const maybeAutoConnect = useCallback(
    (peer: LanPeer) => {
      if (autoConnectRef.current && peer.isHost) connect(peer.id);
    },
    [connect],
  );

  const start = useCallback(() => {
    if (socketRef.current) return;
    const socket = createSocket();
    socketRef.current = socket;
    socket.on('lan:peers:list', ({ peers: listed }) => {
      setPeers(listed);
      listed.forEach(maybeAutoConnect);
    });
    socket.on('lan:peer:announce', ({ peer }) => {
      setPeers((current) => [...current.filter((known) => known.id !== peer.id), peer]);
      maybeAutoConnect(peer);
    });
    socket.on('lan:peer:disconnect', ({ peerId }) => {
      setPeers((current) => current.filter((peer) => peer.id !== peerId));
      setConnected(({ [peerId]: _gone, ...rest }) => rest);
    });
    const receive = ({ peerId, desktop: data }: { peerId: string; desktop: LanDesktopData }) =>
      setConnected((current) => ({ ...current, [peerId]: data }));
    socket.on('lan:peer:desktop_data', (payload) => {
      clearTimeout(pendingRef.current.get(payload.peerId));
      const wasPending = pendingRef.current.delete(payload.peerId);
      receive(payload);
      if (wasPending) toast.success({ title: t('lan.connected') });
    });
    socket.on('lan:desktop:update', receive);
    socket.on('lan:error', (error: LanErrorPayload) => {
      if (error.code === 'NOT_LOCAL_NETWORK') warnLanDisabled(error.message);
    });
    // Announced on every (re)connect, with the desktop as it is then: the server forgets a peer that leaves.
    socket.on('connect', () => {
      // After a reconnect the server knows this device as a new peer, in none of its hosts' channels: the
      // desktops shown so far would no longer be kept current, so they are asked for again.
      connectedRef.current = {};
      setConnected({});
      const hosted = desktopRef.current;
      if (hosted) {
        announcedRef.current = hosted;
        // Peers list this device by its name ('Chrome on Windows'); without one the server says 'Nearby device'.
        const announce = { name: currentDeviceName(), desktop: toLanData(hosted) };
        socket.emit('lan:host:announce', announce, (ack: Ack) => {
          if (ack.ok) {
            setIsHosting(true);
            toast.success({ title: t('lan.hostingStarted') });
          } else {
            toast.error({ title: t('lan.hostingFailed'), description: ack.error });
          }
        });
      }
    });
    socket.connect();
    setIsDiscovering(true);
    // One toast shows at a time: the missing desktop, an error, must not be hidden by the news.
    if (desktop) toast.info({ title: t('lan.discoveryActive') });
    else toast.error({ title: t('lan.noDesktopData') });
    timersRef.current.push(
      setInterval(() => socketRef.current?.emit('lan:discover:request_peers'), LAN_DISCOVERY_POLL_MS),
    );
  }, [createSocket, desktop, maybeAutoConnect, t, toast]);

  const stop = useCallback(() => {
    teardown();
    setIsHosting(false);
    setIsDiscovering(false);
    setIsActive(false);
    setPeers([]);
    setConnected({});
    toast.info({ title: t('lan.hostingStopped') });
  }, [teardown, t, toast]);

  const setAutoConnect = useCallback(
    (isOn: boolean) => {
      setIsAutoConnect(isOn);
      autoConnectRef.current = isOn;
      toast.info({ title: t(isOn ? 'lan.autoConnectEnabled' : 'lan.autoConnectDisabled') });
      if (isOn) peers.forEach(maybeAutoConnect);
    },
    [maybeAutoConnect, peers, t, toast],
  );

  // SPEC §9 layout auto-sync: the hosted desktop follows the page, 500 ms after its last change.
  useEffect(() => {
    if (!isHosting || !desktop || desktop === announcedRef.current) return;
    const timer = setTimeout(
      () => socketRef.current?.emit('lan:host:update', { desktop: toLanData(desktop) }),
      LAN_HOST_UPDATE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [desktop, isHosting]);

  // SPEC §9 status indicator poll: 'LAN Active' reflects a live socket that hosts or discovers.
  useEffect(() => {
    const check = () => setIsActive(Boolean(socketRef.current?.connected) && (isHosting || isDiscovering));
    check();
    const timer = setInterval(check, LAN_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [isHosting, isDiscovering]);

  return { isActive, isHosting, isDiscovering, peers, connected, isAutoConnect, start, stop, connect, setAutoConnect };
}

export type LanSession = ReturnType<typeof useLanSession>;
