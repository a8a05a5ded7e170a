import {
  CLIP_ENDPOINTS,
  type ClipShareSettings,
  type FavoriteResult,
  type UpdateClipShareRequest,
} from '@clipsync/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ProgressListener } from './client';
import { useClipCache } from './clip-queries';
import { clipKeys } from './query-keys';
import { clipsApi } from './clips-api';

/**
 * What a screen says when a change ends. Given to the hook rather than to `mutate`, so it is said even
 * when the component that asked has gone by then (a deleted or unfavourited card leaves its list).
 */
interface MutationFeedback<Result> {
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

/** A new clip. The caller refreshes the lists once its files are attached too (a draft is in none). */
export function useCreateClip() {
  return useMutation({ mutationFn: (content: string) => call(CLIP_ENDPOINTS.create, { body: { content } }) });
}

/**
 * A new end-to-end encrypted clip holding `envelope` (docs/encryption.md), which stays encrypted; with
 * `wrappedKey` for an account whose clipboard is encrypted end to end (its key, wrapped by the account's). Like
 * useCreateClip, the caller refreshes the lists.
 */
export function useCreateEncryptedClip() {
  return useMutation({
    mutationFn: ({ envelope, wrappedKey }: { envelope: string; wrappedKey?: string }) =>
      call(CLIP_ENDPOINTS.create, { body: { content: envelope, encrypted: true, wrappedKey } }),
  });
}

/** Saves a clip's text: the detail view takes the stored clip, the lists and stats refetch. */
export function useSaveClipContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content, version }: { id: string; content: string; version?: number }) =>
      call(CLIP_ENDPOINTS.update, { params: { id }, body: { content, version } }),
    onSuccess: (clip) => {
      queryClient.setQueryData(clipKeys.detail(clip.id), clip);
      return queryClient.invalidateQueries({ queryKey: clipKeys.all });
    },
  });
}

/** One file onto a clip, with its progress. Uploads come in batches: the caller refreshes after the last. */
export function useUploadClipFile() {
  return useMutation({
    mutationFn: ({ clipId, file, onProgress }: { clipId: string; file: File; onProgress?: ProgressListener }) =>
      clipsApi.uploadFile(clipId, file, onProgress),
  });
}

/** Favourite or not: the lists and stats refetch, so a card leaves the favourites page. */
export function useToggleFavorite(feedback: MutationFeedback<FavoriteResult> = {}) {
  const { refetchLists } = useClipCache();
  return useMutation({
    mutationFn: (clipId: string) => call(CLIP_ENDPOINTS.toggleFavorite, { params: { id: clipId } }),
    onSuccess: (result) => {
      feedback.onSuccess?.(result);
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/** Deletes a clip with its files; the lists and stats refetch. */
export function useDeleteClip(feedback: MutationFeedback<void> = {}) {
  const { refetchLists } = useClipCache();
  return useMutation({
    mutationFn: (clipId: string) => call(CLIP_ENDPOINTS.remove, { params: { id: clipId } }),
    onSuccess: () => {
      feedback.onSuccess?.();
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/**
 * Removes a stored file from a clip: the clip on screen drops it at once, the lists refetch (a clip may
 * leave the file filter). Viewers hear of it from the server.
 */
export function useRemoveClipFile(feedback: MutationFeedback<void> = {}) {
  const { updateClip, refetchClip, refetchLists } = useClipCache();
  return useMutation({
    mutationFn: ({ clipId, fileId }: { clipId: string; fileId: string }) =>
      call(CLIP_ENDPOINTS.removeFile, { params: { id: clipId, fileId } }),
    onSuccess: (_result, { clipId, fileId }) => {
      updateClip(clipId, (clip) => ({ ...clip, files: clip.files.filter((file) => file.id !== fileId) }));
      feedback.onSuccess?.();
      void refetchClip(clipId);
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/**
 * The owner's link settings (expiry, views, password): the clip on screen takes the new ones, and the lists
 * refetch (their cards show the link's state).
 */
export function useUpdateClipShare(clipId: string, feedback: MutationFeedback<ClipShareSettings> = {}) {
  const { updateClip, refetchLists } = useClipCache();
  return useMutation({
    mutationFn: (settings: UpdateClipShareRequest) =>
      call(CLIP_ENDPOINTS.updateShare, { params: { id: clipId }, body: settings }),
    onSuccess: (share) => {
      updateClip(clipId, (clip) => ({ ...clip, share }));
      feedback.onSuccess?.(share);
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/** "Stop sharing": the link answers 404 at once; the next save makes a new link under a new id. */
export function useStopClipShare(clipId: string, feedback: MutationFeedback<void> = {}) {
  const { refetchClip, refetchLists } = useClipCache();
  return useMutation({
    mutationFn: () => call(CLIP_ENDPOINTS.removeShare, { params: { id: clipId } }),
    onSuccess: () => {
      feedback.onSuccess?.();
      void refetchClip(clipId);
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/** "Show clip": spends one view of a limited link (never retried, so never twice) and answers the clip and its grant. */
export function useOpenClip(linkId: string) {
  return useMutation({
    mutationFn: (password?: string) => call(CLIP_ENDPOINTS.open, { params: { id: linkId }, body: { password } }),
  });
}
