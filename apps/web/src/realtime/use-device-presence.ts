import type { DevicePresencePayload } from '@clipsync/shared';
import { useEffect } from 'react';
import { useDeviceCache } from '../api/device-queries';
import { useSocket } from './socket-context';

/**
 * Keeps the cached device list live: `device:presence` comes on the user's own channel, which every
 * signed-in socket is in from the start. A device the list does not know yet (it registered after the
 * list was read) or a change told late makes the list refetch, and so does every (re)connect, since changes
 * told while this socket was away were not heard.
 */
export function useDevicePresence(): void {
  const { socket } = useSocket();
  const cache = useDeviceCache();
  useEffect(() => {
    if (!socket) return;
    const onPresence = (payload: DevicePresencePayload) => {
      if (!cache.applyPresence(payload)) void cache.refetchList();
    };
    const onConnect = () => void cache.refetchList();
    socket.on('device:presence', onPresence);
    socket.on('connect', onConnect);
    return () => {
      socket.off('device:presence', onPresence);
      socket.off('connect', onConnect);
    };
  }, [socket, cache]);
}
