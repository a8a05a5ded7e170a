import type { RoomClosedPayload } from '@clipsync/shared';
import { useEffect, useEffectEvent } from 'react';
import { useSocket } from './socket-context';

/**
 * Rooms this user has lost (removed by the owner, left on another device, deleted), for a page that lists
 * them: `room:closed` comes on the user's own channel, which every signed-in socket is in from the start,
 * so no room's channel needs joining.
 */
export function useRoomsClosed(onClosed: (payload: RoomClosedPayload) => void): void {
  const { socket } = useSocket();
  const hear = useEffectEvent((payload: RoomClosedPayload) => onClosed(payload));
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: RoomClosedPayload) => hear(payload);
    socket.on('room:closed', listener);
    return () => {
      socket.off('room:closed', listener);
    };
  }, [socket]);
}
