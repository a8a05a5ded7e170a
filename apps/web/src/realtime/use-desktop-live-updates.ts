import type {
  DesktopItem,
  DesktopItemModifiedPayload,
  DesktopItemNewPayload,
  DesktopItemRemovedPayload,
} from '@clipsync/shared';
import { useEffect, useEffectEvent } from 'react';
import { emitWhenConnected } from './socket-client';
import { useSocket } from './socket-context';

/** Which desktop to follow: its live channel, and on the shared page the share token that opens it. */
export interface DesktopChannel {
  networkId: string;
  desktopId?: string;
}

export interface DesktopLiveUpdateHandlers {
  /** A block was added or changed (moved, resized) by another view of this desktop. */
  onItem(item: DesktopItem): void;
  onRemoved(itemId: string): void;
  /** Joined (again, after a reconnect): changes made while the socket was away reached no one, so refetch. */
  onSubscribed(): void;
}

/**
 * A desktop's live updates (SPEC §7 realtime): joins `join:desktop:network` once connected and again after
 * every reconnect (the server forgets a dropped socket's channels), hears the three item events of this
 * network only, and leaves on unmount. Signed out (the LAN desktop, a shared link), it asks the provider
 * for a guest socket, as a shared clip's viewer does.
 */
export function useDesktopLiveUpdates(channel: DesktopChannel | null, handlers: DesktopLiveUpdateHandlers) {
  const { socket, requestGuestConnection } = useSocket();
  const networkId = channel?.networkId;
  const desktopId = channel?.desktopId;
  const isActive = Boolean(networkId);

  useEffect(() => {
    if (isActive) return requestGuestConnection();
  }, [isActive, requestGuestConnection]);

  const onNew = useEffectEvent((payload: DesktopItemNewPayload) => {
    if (payload.networkId === networkId) handlers.onItem(payload.item);
  });
  const onModified = useEffectEvent((payload: DesktopItemModifiedPayload) => {
    if (payload.networkId === networkId) handlers.onItem(payload.item);
  });
  const onRemoved = useEffectEvent((payload: DesktopItemRemovedPayload) => {
    if (payload.networkId === networkId) handlers.onRemoved(payload.itemId);
  });
  const onSubscribed = useEffectEvent(() => handlers.onSubscribed());

  useEffect(() => {
    if (!socket || !networkId) return;
    const payload = desktopId ? { networkId, desktopId } : { networkId };
    const join = () =>
      emitWhenConnected(socket, 'join:desktop:network', payload, (result) => {
        if (result.ok) onSubscribed();
        else console.warn(`Could not follow desktop ${networkId}: ${result.error}`);
      });
    const hearNew = (event: DesktopItemNewPayload) => onNew(event);
    const hearModified = (event: DesktopItemModifiedPayload) => onModified(event);
    const hearRemoved = (event: DesktopItemRemovedPayload) => onRemoved(event);
    socket.on('connect', join);
    socket.on('desktop:item:new', hearNew);
    socket.on('desktop:item:modified', hearModified);
    socket.on('desktop:item:removed', hearRemoved);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('desktop:item:new', hearNew);
      socket.off('desktop:item:modified', hearModified);
      socket.off('desktop:item:removed', hearRemoved);
      // A disconnected socket already belongs to no channel: there is nothing to leave.
      if (socket.connected) socket.emit('leave:desktop:network', payload);
    };
  }, [socket, networkId, desktopId]);
}
