import { useEffect } from 'react';
import { useDeviceCache } from '../api/device-queries';
import { useSocket } from './socket-context';
import { useUserEvent } from './use-user-event';

/**
 * Keeps the cached device list live: `device:presence` comes on the user's own channel, which every
 * signed-in socket is in from the start. A device the list does not know yet (it registered after the
 * list was read) or a change told late makes the list refetch, and so does every (re)connect, since changes
 * told while this socket was away were not heard.
 */
export function useDevicePresence(): void {
  const { socket } = useSocket();
  const cache = useDeviceCache();
  useUserEvent('device:presence', (payload) => {
    if (!cache.applyPresence(payload)) void cache.refetchList();
  });
  useEffect(() => {
    if (!socket) return;
    const onConnect = () => void cache.refetchList();
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket, cache]);
}
