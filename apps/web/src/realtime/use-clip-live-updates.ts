import type {
  ClipDeletedPayload,
  ClipFileSummary,
  ClipContentUpdatedPayload,
  ClipFilesUpdatedPayload,
} from '@clipsync/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { emitWhenConnected, type RealtimeSocket } from './socket-client';
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
  /** The owner deleted the clip: nothing more will arrive, and what is shown no longer exists. */
  onDeleted?(): void;
}

/**
 * What a viewer may rely on: `live` once the server confirmed the join on a connected socket;
 * `connecting` until the first attempt settles; `off` after a refused handshake or join, or while a
 * dropped connection is being re-established (saves made meanwhile are missed until a reload or rejoin).
 */
export type LiveUpdatesState = 'connecting' | 'live' | 'off';

/** The last settled outcome, tied to the socket and clip it is about (a new socket starts over). */
interface Subscription {
  socket: RealtimeSocket;
  clipId: string;
  isJoined: boolean;
}

/**
 * A shared clip's live updates (ARCHITECTURE §4): joins the clip's channel once connected and again after
 * every reconnect (the server forgets a dropped socket's channels), hears content and file updates of
 * this clip only, and leaves on unmount. Signed out, it asks the provider for a guest socket.
 */
export function useClipLiveUpdates(clipId: string | undefined, handlers: ClipLiveUpdateHandlers): LiveUpdatesState {
  const { socket, isConnected, requestGuestConnection } = useSocket();
  const isActive = handlers.enabled && Boolean(clipId);
  const [subscription, setSubscription] = useState<Subscription | null>(null);

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
  const onClipDeleted = useEffectEvent((payload: ClipDeletedPayload) => {
    if (payload.clipId === clipId) handlers.onDeleted?.();
  });

  useEffect(() => {
    if (!socket || !isActive || !clipId) return;
    const settle = (isJoined: boolean) => setSubscription({ socket, clipId, isJoined });
    const join = () => {
      emitWhenConnected(socket, 'clip:join', { clipId }, (result) => {
        settle(result.ok);
        if (!result.ok) console.warn(`Could not follow clip ${clipId}: ${result.error}`);
        else onSubscribed();
      });
    };
    const lose = () => settle(false);
    const hearContent = (payload: ClipContentUpdatedPayload) => onContentUpdated(payload);
    const hearFiles = (payload: ClipFilesUpdatedPayload) => onFilesUpdated(payload);
    const hearDeleted = (payload: ClipDeletedPayload) => onClipDeleted(payload);
    socket.on('connect', join);
    socket.on('disconnect', lose);
    socket.on('connect_error', lose);
    socket.on('clip-content-updated', hearContent);
    socket.on('clip-files-updated', hearFiles);
    socket.on('clip-deleted', hearDeleted);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('disconnect', lose);
      socket.off('connect_error', lose);
      socket.off('clip-content-updated', hearContent);
      socket.off('clip-files-updated', hearFiles);
      socket.off('clip-deleted', hearDeleted);
      // A disconnected socket already belongs to no channel: there is nothing to leave.
      if (socket.connected) socket.emit('clip:leave', { clipId });
    };
  }, [socket, isActive, clipId]);

  const current =
    subscription && subscription.socket === socket && subscription.clipId === clipId ? subscription : null;
  if (!current) return 'connecting';
  return current.isJoined && isConnected ? 'live' : 'off';
}
