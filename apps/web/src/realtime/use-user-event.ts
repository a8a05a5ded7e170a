import type { ServerToClientEvents } from '@clipsync/shared';
import { useEffect, useRef } from 'react';
import { useSocket } from './socket-context';

/**
 * What the server sends to a signed-in user's own channels (the user's, or the session's for `device:send`),
 * which every signed-in socket is in from the start: no channel is joined to hear them.
 */
export type UserEventName = 'clip-update' | 'room:closed' | 'device:presence' | 'device:near' | 'device:send';

export type UserEventPayload<Name extends UserEventName> = Parameters<ServerToClientEvents[Name]>[0];

/**
 * Calls `handler` with each `name` event on the current socket. Listeners stay on a socket across its
 * reconnects, and a new socket (another user) is listened to in its place. The latest handler is the one
 * called, so a caller need not keep it stable.
 */
export function useUserEvent<Name extends UserEventName>(
  name: Name,
  handler: (payload: UserEventPayload<Name>) => void,
  { isEnabled = true }: { isEnabled?: boolean } = {},
): void {
  const { socket } = useSocket();
  const latestHandler = useRef(handler);
  useEffect(() => {
    latestHandler.current = handler;
  });
  useEffect(() => {
    if (!socket || !isEnabled) return;
    // Socket.IO's types cannot tie a generic event name to its payload; `name` is one event, so what
    // comes with it is that event's payload.
    const listener = (payload: UserEventPayload<UserEventName>) =>
      latestHandler.current(payload as UserEventPayload<Name>);
    const event: UserEventName = name;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, name, isEnabled]);
}
