import type { ItemTakenDownPayload, ReportedKind } from '@clipsync/shared';
import { useEffect, useEffectEvent } from 'react';
import { useSocket } from './socket-context';

/**
 * Hears the operator take down the item this page follows (a shared desktop, a room): the server tells the
 * page's open channel, then stops sending it anything more.
 */
export function useItemTakenDown(kind: ReportedKind, id: string | undefined, onTakenDown: () => void): void {
  const { socket } = useSocket();
  const hear = useEffectEvent((payload: ItemTakenDownPayload) => {
    if (payload.kind === kind && payload.id === id) onTakenDown();
  });
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: ItemTakenDownPayload) => hear(payload);
    socket.on('item:taken-down', listener);
    return () => {
      socket.off('item:taken-down', listener);
    };
  }, [socket]);
}
