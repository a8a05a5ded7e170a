import {
  DESKTOP_ENDPOINTS,
  type DesktopItem,
  type DesktopLayoutEntry,
  type DesktopPosition,
  type DesktopTarget,
} from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { toDesktopTargetQuery, toDesktopUploadQuery } from '../lib/desktop-query';
import { call, upload, type ProgressListener } from './client';
import { useDesktopCache } from './desktop-queries';

/**
 * What a screen says when a change ends. Given to the hook rather than to `mutate`, so it is said even when
 * the component that asked has gone by then (a deleted block, a closed dialog).
 */
export interface DesktopFeedback<Result> {
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

export function useAddDesktopText(target: DesktopTarget, feedback: DesktopFeedback<DesktopItem> = {}) {
  const cache = useDesktopCache(target);
  return useMutation({
    mutationFn: ({ content, position }: { content: string; position?: DesktopPosition }) =>
      call(DESKTOP_ENDPOINTS.addText, { body: { content, position, desktopId: target.desktopId } }),
    onSuccess: (item) => {
      cache.putItem(item);
      feedback.onSuccess?.(item);
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/** One file onto the desktop, with its progress (the caller has checked the 10 MB rule first). */
export function useUploadDesktopFile(target: DesktopTarget, feedback: DesktopFeedback<DesktopItem> = {}) {
  const cache = useDesktopCache(target);
  return useMutation({
    mutationFn: ({
      file,
      position,
      onProgress,
    }: {
      file: File;
      position?: DesktopPosition;
      onProgress?: ProgressListener;
    }) => upload(DESKTOP_ENDPOINTS.uploadFile, { query: toDesktopUploadQuery(target, position), file, onProgress }),
    onSuccess: (item) => {
      cache.putItem(item);
      feedback.onSuccess?.(item);
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/**
 * Saves where the blocks are. The cache already shows the new layout; on failure the desktop is fetched
 * again, so what is shown is what the server kept.
 */
export function useSaveDesktopLayout(target: DesktopTarget, feedback: DesktopFeedback<DesktopItem[]> = {}) {
  const cache = useDesktopCache(target);
  return useMutation({
    mutationFn: (entries: DesktopLayoutEntry[]) =>
      call(DESKTOP_ENDPOINTS.saveLayout, { body: { items: entries, desktopId: target.desktopId } }),
    onSuccess: (items) => {
      cache.putItems(items);
      feedback.onSuccess?.(items);
    },
    onError: (error) => {
      void cache.refetch();
      feedback.onError?.(error);
    },
  });
}

/** `keepalive` when it is sent as the page goes away (an Undo's time cut short). */
export function useDeleteDesktopItem(target: DesktopTarget, feedback: DesktopFeedback<void> = {}) {
  const cache = useDesktopCache(target);
  return useMutation({
    mutationFn: ({ itemId, keepalive }: { itemId: string; keepalive?: boolean }) =>
      call(DESKTOP_ENDPOINTS.removeItem, { params: { id: itemId }, query: toDesktopTargetQuery(target), keepalive }),
    onSuccess: (_result, { itemId }) => {
      cache.removeItem(itemId);
      feedback.onSuccess?.();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/** Creates or replaces the owner's share link (the old one stops working). */
export function useShareDesktop(feedback: DesktopFeedback<{ shareToken: string }> = {}) {
  const cache = useDesktopCache({});
  return useMutation({
    mutationFn: () => call(DESKTOP_ENDPOINTS.share),
    onSuccess: (result) => {
      cache.setShareToken(result.shareToken);
      // File links shown under the old share link no longer open: the blocks come again with new ones.
      void cache.refetch();
      feedback.onSuccess?.(result);
    },
    onError: (error) => feedback.onError?.(error),
  });
}

export function useUnshareDesktop(feedback: DesktopFeedback<void> = {}) {
  const cache = useDesktopCache({});
  return useMutation({
    mutationFn: () => call(DESKTOP_ENDPOINTS.unshare),
    onSuccess: () => {
      cache.setShareToken(null);
      void cache.refetch();
      feedback.onSuccess?.();
    },
    onError: (error) => feedback.onError?.(error),
  });
}
