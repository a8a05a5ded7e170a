import type { ItemTakenDownPayload, RoomLinkChannelPayload } from '@clipsync/shared';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useSocket } from './socket-context';
import { useChannel } from './use-channel';

/**
 * Hears the operator take down the room a signed-out visitor's link leads into (the sign-in page that link
 * opened), as a shared desktop's viewer hears its own: a guest socket watches the link while `isEnabled`.
 * The visitor never learns the room's id, so any room takedown on this socket is the link's: the watch is
 * the only room channel a signed-out socket may join.
 */
export function useRoomLinkTakenDown(link: RoomLinkChannelPayload, isEnabled: boolean, onTakenDown: () => void) {
  const { socket } = useSocket();
  const { kind, token } = link;
  const payload = useMemo(() => (isEnabled ? { kind, token } : null), [isEnabled, kind, token]);
  useChannel('roomLink', payload, { opensGuestSocket: true });

  const hear = useEffectEvent((event: ItemTakenDownPayload) => {
    if (event.kind === 'room') onTakenDown();
  });
  useEffect(() => {
    if (!socket || !isEnabled) return;
    const listener = (event: ItemTakenDownPayload) => hear(event);
    socket.on('item:taken-down', listener);
    return () => {
      socket.off('item:taken-down', listener);
    };
  }, [socket, isEnabled]);
}
