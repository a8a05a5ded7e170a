import type { ClipFileSummary, ClipContentUpdatedPayload, ClipFilesUpdatedPayload } from '@clipsync/shared';
import { useEffect, useEffectEvent } from 'react';
import { emitWhenConnected } from './socket-client';
import { useSocket } from './socket-context';

export interface ClipLiveUpdateHandlers {
  /** Viewers subscribe; the owner does not (SPEC §4: only non-owners subscribe). */
  enabled: boolean;
  onContent(content: string): void;
  onFiles(files: ClipFileSummary[]): void;
  /**
   * Called each time the server confirms the join: a save between the page's own fetch and the first
   * join, or while a reconnect was pending, reached no one, so the caller fetches the clip again.
   */
  onSubscribed?(): void;
}

/**
 * A shared clip's live updates (ARCHITECTURE §4): joins the clip's channel once connected and again after
 * every reconnect (the server forgets a dropped socket's channels), hears content and file updates of
 * this clip only, and leaves on unmount. Signed out, it asks the provider for a guest socket.
 */
export function useClipLiveUpdates(clipId: string | undefined, handlers: ClipLiveUpdateHandlers) {
  const { socket, requestGuestConnection } = useSocket();
  const isActive = handlers.enabled && Boolean(clipId);

  useEffect(() => {
    if (isActive) return requestGuestConnection();
  }, [isActive, requestGuestConnection]);

  const onContentUpdated = useEffectEvent((payload: ClipContentUpdatedPayload) => {
    if (payload.clipId === clipId) handlers.onContent(payload.content);
  });
  const onFilesUpdated = useEffectEvent((payload: ClipFilesUpdatedPayload) => {
    if (payload.clipId === clipId) handlers.onFiles(payload.files);
  });
  const onSubscribed = useEffectEvent(() => handlers.onSubscribed?.());

  useEffect(() => {
    if (!socket || !isActive || !clipId) return;
    const join = () => {
      emitWhenConnected(socket, 'clip:join', { clipId }, (result) => {
        if (!result.ok) console.warn(`Could not follow clip ${clipId}: ${result.error}`);
        else onSubscribed();
      });
    };
    const hearContent = (payload: ClipContentUpdatedPayload) => onContentUpdated(payload);
    const hearFiles = (payload: ClipFilesUpdatedPayload) => onFilesUpdated(payload);
    socket.on('connect', join);
    socket.on('clip-content-updated', hearContent);
    socket.on('clip-files-updated', hearFiles);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('clip-content-updated', hearContent);
      socket.off('clip-files-updated', hearFiles);
      // A disconnected socket already belongs to no channel: there is nothing to leave.
      if (socket.connected) socket.emit('clip:leave', { clipId });
    };
  }, [socket, isActive, clipId]);
}
