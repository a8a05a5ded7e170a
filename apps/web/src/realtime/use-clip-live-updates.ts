import type {
  ClipDeletedPayload,
  ClipFileSummary,
  ClipContentUpdatedPayload,
  ClipFilesUpdatedPayload,
  ItemTakenDownPayload,
} from '@clipsync/shared';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useSocket } from './socket-context';
import { useChannel, type ChannelState } from './use-channel';

export interface ClipLiveUpdateHandlers {
  /** Viewers subscribe; the owner, who makes the changes, does not. */
  enabled: boolean;
  /** The view grant `POST /open` answered: a clip with a view limit or a password is joined with it. */
  grant?: string;
  onContent(content: string): void;
  onFiles(files: ClipFileSummary[]): void;
  /**
   * Called each time the server confirms the join: a save between the page's own fetch and the first
   * join, or while a reconnect was pending, reached no one, so the caller fetches the clip again.
   */
  onSubscribed?(): void;
  /** The owner deleted the clip: nothing more will arrive, and what is shown no longer exists. */
  onDeleted?(): void;
  /** The operator of this server took the clip down: its page shows their removal instead. */
  onTakenDown?(): void;
}

/** What a viewer may rely on (saves made while `off` are missed until a reload or rejoin). */
export type LiveUpdatesState = ChannelState;

/**
 * A shared clip's live updates: follows the clip's channel (`useChannel`), hears content
 * and file updates of this clip only. Signed out, it asks the provider for a guest socket.
 */
export function useClipLiveUpdates(clipId: string | undefined, handlers: ClipLiveUpdateHandlers): LiveUpdatesState {
  const { socket } = useSocket();
  const isActive = handlers.enabled && Boolean(clipId);
  const grant = handlers.grant;
  const payload = useMemo(
    () => (isActive && clipId ? (grant ? { clipId, grant } : { clipId }) : null),
    [isActive, clipId, grant],
  );
  const state = useChannel('clip', payload, {
    opensGuestSocket: true,
    onJoined: () => handlers.onSubscribed?.(),
  });

  const onContentUpdated = useEffectEvent((payload: ClipContentUpdatedPayload) => {
    if (payload.clipId === clipId) handlers.onContent(payload.content);
  });
  const onFilesUpdated = useEffectEvent((payload: ClipFilesUpdatedPayload) => {
    if (payload.clipId === clipId) handlers.onFiles(payload.files);
  });
  const onClipDeleted = useEffectEvent((payload: ClipDeletedPayload) => {
    if (payload.clipId === clipId) handlers.onDeleted?.();
  });

  const onItemTakenDown = useEffectEvent((payload: ItemTakenDownPayload) => {
    if (payload.kind === 'clip' && payload.id === clipId) handlers.onTakenDown?.();
  });

  useEffect(() => {
    if (!socket || !isActive) return;
    const hearTakenDown = (payload: ItemTakenDownPayload) => onItemTakenDown(payload);
    socket.on('item:taken-down', hearTakenDown);
    const hearContent = (payload: ClipContentUpdatedPayload) => onContentUpdated(payload);
    const hearFiles = (payload: ClipFilesUpdatedPayload) => onFilesUpdated(payload);
    const hearDeleted = (payload: ClipDeletedPayload) => onClipDeleted(payload);
    socket.on('clip-content-updated', hearContent);
    socket.on('clip-files-updated', hearFiles);
    socket.on('clip-deleted', hearDeleted);
    return () => {
      socket.off('clip-content-updated', hearContent);
      socket.off('clip-files-updated', hearFiles);
      socket.off('clip-deleted', hearDeleted);
      socket.off('item:taken-down', hearTakenDown);
    };
  }, [socket, isActive]);

  return state;
}
