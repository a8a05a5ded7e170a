/**
 * The web's live connection. This provider connects when signed in, or as a guest while a screen asks (a
 * shared clip, the LAN, a shared desktop). `useChannel` joins a channel, rejoins after a reconnect and
 * leaves; the live-update hooks of clips, rooms and desktops build on it, and those of the account's devices
 * (presence, sends, nearness) listen on the user's own channel. LAN Share keeps a session of its own, and
 * nearness (decision 030) signals over this socket to open a direct link between two of the account's devices.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { announceSessionEnded, isSessionExpired, sessionStore } from '../api/session-store';
import { useAuth } from '../session/auth-context';
import { createRealtimeSocket, SOCKET_STATUS_POLL_MS, type RealtimeSocket, type SocketIdentity } from './socket-client';
import { SocketContext, type SocketContextValue } from './socket-context';

/** A stored access token must have this long left to be worth a reconnect without refreshing first. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * The socket connects while a user is signed in (a new socket, with the new token, when the user
 * changes), disconnects on sign-out and on removal. Signed out, a guest socket is open only while some
 * screen asks for one. The connected flag follows connect/disconnect events and a 5 s re-check.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const [guestRequestCount, setGuestRequestCount] = useState(0);
  const identity: SocketIdentity | null =
    status === 'signedIn' ? 'user' : status === 'signedOut' && guestRequestCount > 0 ? 'guest' : null;
  const connectionKey = identity === 'user' ? `user:${user?.id ?? ''}` : identity;
  // Creating a socket opens nothing (autoConnect is off): the effect below connects and closes it. It is
  // created asynchronously (the Socket.IO client loads on first use), so it is kept with the key it is for.
  const [created, setCreated] = useState<{ key: string; socket: RealtimeSocket } | null>(null);
  useEffect(() => {
    if (!connectionKey || !identity) return;
    let isCurrent = true;
    createRealtimeSocket(identity).then(
      (socket) => isCurrent && setCreated({ key: connectionKey, socket }),
      // Without the client there is no live connection; the pages still load and save over HTTP.
      (error: unknown) => console.warn('The live connection could not be loaded:', error),
    );
    return () => {
      isCurrent = false;
      setCreated(null);
    };
  }, [connectionKey, identity]);
  // A socket made for the previous identity is dropped in the very render that identity changes.
  const socket = created?.key === connectionKey ? created.socket : null;
  const [connectedSocket, setConnectedSocket] = useState<RealtimeSocket | null>(null);

  useEffect(() => {
    if (!socket) return;
    let isCurrent = true;
    let hasRetriedWithFreshToken = false;
    const syncStatus = () => setConnectedSocket(socket.connected ? socket : null);
    const onConnect = () => {
      hasRetriedWithFreshToken = false;
      syncStatus();
    };
    // Socket.IO does not retry a handshake the server refused, nor a socket the server closed: a signed-in
    // user's socket earns one reconnect, with a refreshed token unless the stored one has time left.
    const reconnectWithFreshToken = () => {
      if (identity !== 'user' || socket.active || hasRetriedWithFreshToken) return;
      hasRetriedWithFreshToken = true;
      const session = sessionStore.getSession();
      const hasTimeLeft = session !== null && !isSessionExpired(session, Date.now() + TOKEN_MARGIN_MS);
      // The API client is loaded on demand (not in the first load); a signed-in user has it by now anyway.
      const ready = hasTimeLeft
        ? Promise.resolve(true)
        : import('../api/client').then(async (api) => (await api.refreshSession()).isRenewed);
      void ready.then((isReady) => isReady && isCurrent && socket.connect());
    };
    const onConnectError = (error: Error) => {
      // Connection errors are only logged; the user sees no message.
      console.warn('Socket connection failed:', error.message);
      syncStatus();
      reconnectWithFreshToken();
    };
    const onDisconnect = (reason: string) => {
      syncStatus();
      // The server closes a socket when its access token expires; a logout's closed socket fails to come
      // back (its session is revoked) and the provider drops it once the user is signed out. A node that
      // drains on SIGTERM drops the transport instead ('transport close'), which Socket.IO retries itself.
      if (reason === 'io server disconnect') reconnectWithFreshToken();
    };
    // Sent just before the server closes the socket: this tab signs out saying so, not "Reconnecting…".
    const onAccountDisabled = () => announceSessionEnded({ code: 'ACCOUNT_DISABLED' });
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('account:disabled', onAccountDisabled);
    const statusTimer = window.setInterval(syncStatus, SOCKET_STATUS_POLL_MS);
    socket.connect();
    return () => {
      isCurrent = false;
      window.clearInterval(statusTimer);
      socket.disconnect();
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('account:disabled', onAccountDisabled);
    };
  }, [socket, identity]);

  const requestGuestConnection = useCallback(() => {
    setGuestRequestCount((count) => count + 1);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      setGuestRequestCount((count) => count - 1);
    };
  }, []);

  const isConnected = socket !== null && connectedSocket === socket;
  const value = useMemo<SocketContextValue>(
    () => ({ socket, isConnected, requestGuestConnection }),
    [socket, isConnected, requestGuestConnection],
  );
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}
