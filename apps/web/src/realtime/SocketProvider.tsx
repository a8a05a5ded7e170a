import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { refreshSession } from '../api/client';
import { useAuth } from '../features/auth/auth-context';
import { createRealtimeSocket, SOCKET_STATUS_POLL_MS, type RealtimeSocket, type SocketIdentity } from './socket-client';
import { SocketContext, type SocketContextValue } from './socket-context';

/**
 * SPEC §4 socket: connects while a user is signed in (a new socket, with the new token, when the user
 * changes), disconnects on sign-out and on removal. Signed out, a guest socket is open only while some
 * screen asks for one. The connected flag follows connect/disconnect events and a 5 s re-check.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const [guestRequestCount, setGuestRequestCount] = useState(0);
  const identity: SocketIdentity | null =
    status === 'signedIn' ? 'user' : status === 'signedOut' && guestRequestCount > 0 ? 'guest' : null;
  const connectionKey = identity === 'user' ? `user:${user?.id ?? ''}` : identity;
  // Creating a socket opens nothing (autoConnect is off): the effect below connects and closes it.
  const socket = useMemo(
    () => (connectionKey && identity ? createRealtimeSocket(identity) : null),
    [connectionKey, identity],
  );
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
    const onConnectError = (error: Error) => {
      // SPEC §8: connection errors are only logged; the user sees no message.
      console.warn('Socket connection failed:', error.message);
      syncStatus();
      // Socket.IO does not retry a handshake the server refused; an expired access token earns one refresh.
      if (identity === 'user' && !socket.active && !hasRetriedWithFreshToken) {
        hasRetriedWithFreshToken = true;
        void refreshSession().then((isRefreshed) => isRefreshed && isCurrent && socket.connect());
      }
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', syncStatus);
    socket.on('connect_error', onConnectError);
    const statusTimer = window.setInterval(syncStatus, SOCKET_STATUS_POLL_MS);
    socket.connect();
    return () => {
      isCurrent = false;
      window.clearInterval(statusTimer);
      socket.disconnect();
      socket.off('connect', onConnect);
      socket.off('disconnect', syncStatus);
      socket.off('connect_error', onConnectError);
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
