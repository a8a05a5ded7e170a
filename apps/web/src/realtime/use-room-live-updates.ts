import type { RoomChangedPayload, RoomClosedPayload } from '@clipsync/shared';
import { useEffect, useEffectEvent } from 'react';
import { emitWhenConnected } from './socket-client';
import { useSocket } from './socket-context';

export interface RoomLiveUpdateHandlers {
  /** Another member (or this user on another device) changed the room: what is shown is refetched. */
  onChanged(payload: RoomChangedPayload): void;
  /** This user lost the room: removed by the owner, left it elsewhere, or the room was deleted. */
  onClosed(reason: RoomClosedPayload['reason']): void;
  /** Joined (again, after a reconnect): changes made while the socket was away reached no one, so refetch. */
  onSubscribed(): void;
}

/**
 * A room's live updates (ARCHITECTURE §4): joins the room's channel once connected and again after every
 * reconnect (the server forgets a dropped socket's channels) and leaves on unmount. `room:closed` comes on
 * the user's own channel, which every signed-in socket is in.
 */
export function useRoomLiveUpdates(roomId: string, isEnabled: boolean, handlers: RoomLiveUpdateHandlers) {
  const { socket } = useSocket();
  const onChanged = useEffectEvent((payload: RoomChangedPayload) => {
    if (payload.roomId === roomId) handlers.onChanged(payload);
  });
  const onClosed = useEffectEvent((payload: RoomClosedPayload) => {
    if (payload.roomId === roomId) handlers.onClosed(payload.reason);
  });
  const onSubscribed = useEffectEvent(() => handlers.onSubscribed());

  useEffect(() => {
    if (!socket || !isEnabled) return;
    const join = () =>
      emitWhenConnected(socket, 'room:join', { roomId }, (result) => {
        if (result.ok) onSubscribed();
        else console.warn(`Could not follow room ${roomId}: ${result.error}`);
      });
    const hearChanged = (payload: RoomChangedPayload) => onChanged(payload);
    const hearClosed = (payload: RoomClosedPayload) => onClosed(payload);
    socket.on('connect', join);
    socket.on('room:changed', hearChanged);
    socket.on('room:closed', hearClosed);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('room:changed', hearChanged);
      socket.off('room:closed', hearClosed);
      if (socket.connected) socket.emit('room:leave', { roomId });
    };
  }, [socket, isEnabled, roomId]);
}
