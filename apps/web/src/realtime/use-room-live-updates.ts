import type { RoomChangedPayload, RoomClosedPayload } from '@clipsync/shared';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useSocket } from './socket-context';
import { useChannel } from './use-channel';
import { useUserEvent } from './use-user-event';

export interface RoomLiveUpdateHandlers {
  /** Another member (or this user on another device) changed the room: what is shown is refetched. */
  onChanged(payload: RoomChangedPayload): void;
  /** This user lost the room: removed by the owner, left it elsewhere, or the room was deleted. */
  onClosed(reason: RoomClosedPayload['reason']): void;
  /** Joined (again, after a reconnect): changes made while the socket was away reached no one, so refetch. */
  onSubscribed(): void;
}

/**
 * A room's live updates: follows the room's channel (`useChannel`). `room:closed` comes
 * on the user's own channel, which every signed-in socket is in.
 */
export function useRoomLiveUpdates(roomId: string, isEnabled: boolean, handlers: RoomLiveUpdateHandlers) {
  const { socket } = useSocket();
  const payload = useMemo(() => (isEnabled ? { roomId } : null), [isEnabled, roomId]);
  useChannel('room', payload, { onJoined: () => handlers.onSubscribed() });

  const onChanged = useEffectEvent((payload: RoomChangedPayload) => {
    if (payload.roomId === roomId) handlers.onChanged(payload);
  });

  useEffect(() => {
    if (!socket || !isEnabled) return;
    const hearChanged = (payload: RoomChangedPayload) => onChanged(payload);
    socket.on('room:changed', hearChanged);
    return () => {
      socket.off('room:changed', hearChanged);
    };
  }, [socket, isEnabled]);
  useUserEvent(
    'room:closed',
    (payload) => {
      if (payload.roomId === roomId) handlers.onClosed(payload.reason);
    },
    { isEnabled },
  );
}
