import type {
  DesktopItem,
  DesktopItemModifiedPayload,
  DesktopItemNewPayload,
  DesktopItemRemovedPayload,
  DesktopShareRevokedPayload,
} from '@clipsync/shared';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useSocket } from './socket-context';
import { useChannel } from './use-channel';

/** Which desktop to follow: its id, and on the shared page the share token that opens it. */
export interface DesktopChannel {
  desktopId: string;
  shareToken?: string;
}

export interface DesktopLiveUpdateHandlers {
  /** A block was added or changed (moved, resized) by another view of this desktop. */
  onItem(item: DesktopItem): void;
  onRemoved(itemId: string): void;
  /** Joined (again, after a reconnect): changes made while the socket was away reached no one, so refetch. */
  onSubscribed(): void;
  /** The share link this view was opened with was rotated or revoked: nothing more will reach it. */
  onShareRevoked?(): void;
}

/**
 * A desktop's live updates: follows `join:desktop:network` (`useChannel`) and hears the
 * three item events of this network only. Signed out (the LAN desktop, a shared link), it asks the
 * provider for a guest socket, as a shared clip's viewer does.
 */
export function useDesktopLiveUpdates(channel: DesktopChannel | null, handlers: DesktopLiveUpdateHandlers) {
  const { socket } = useSocket();
  const desktopId = channel?.desktopId;
  const shareToken = channel?.shareToken;
  // SPEC's payloads name the desktop's id `networkId` and the share token `desktopId`.
  const payload = useMemo(
    () => (desktopId ? { networkId: desktopId, ...(shareToken ? { desktopId: shareToken } : {}) } : null),
    [desktopId, shareToken],
  );
  useChannel('desktop', payload, { opensGuestSocket: true, onJoined: () => handlers.onSubscribed() });

  const onNew = useEffectEvent((payload: DesktopItemNewPayload) => {
    if (payload.networkId === desktopId) handlers.onItem(payload.item);
  });
  const onModified = useEffectEvent((payload: DesktopItemModifiedPayload) => {
    if (payload.networkId === desktopId) handlers.onItem(payload.item);
  });
  const onRemoved = useEffectEvent((payload: DesktopItemRemovedPayload) => {
    if (payload.networkId === desktopId) handlers.onRemoved(payload.itemId);
  });

  const onRevoked = useEffectEvent((payload: DesktopShareRevokedPayload) => {
    if (payload.networkId === desktopId) handlers.onShareRevoked?.();
  });

  useEffect(() => {
    if (!socket || !desktopId) return;
    const hearRevoked = (event: DesktopShareRevokedPayload) => onRevoked(event);
    const hearNew = (event: DesktopItemNewPayload) => onNew(event);
    const hearModified = (event: DesktopItemModifiedPayload) => onModified(event);
    const hearRemoved = (event: DesktopItemRemovedPayload) => onRemoved(event);
    socket.on('desktop:item:new', hearNew);
    socket.on('desktop:item:modified', hearModified);
    socket.on('desktop:item:removed', hearRemoved);
    socket.on('desktop:share:revoked', hearRevoked);
    return () => {
      socket.off('desktop:share:revoked', hearRevoked);
      socket.off('desktop:item:new', hearNew);
      socket.off('desktop:item:modified', hearModified);
      socket.off('desktop:item:removed', hearRemoved);
    };
  }, [socket, desktopId]);
}
