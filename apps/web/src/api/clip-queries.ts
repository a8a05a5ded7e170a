import type { Clip } from '@clipsync/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClipFilters } from '../lib/clip-filters';
import { clipsApi, type PageRequest } from './clips-api';

/** Query keys: every list and the stats sit under `clips`, so one invalidation refreshes them all. */
export const clipKeys = {
  all: ['clips'] as const,
  history: (filters: ClipFilters, page: PageRequest) => ['clips', 'history', filters, page] as const,
  favorites: (filters: ClipFilters, page: PageRequest) => ['clips', 'favorites', filters, page] as const,
  stats: ['clips', 'stats'] as const,
  detail: (id: string) => ['clip', id] as const,
};

export function useClipHistory(filters: ClipFilters, page: PageRequest) {
  return useQuery({
    queryKey: clipKeys.history(filters, page),
    queryFn: () => clipsApi.history(filters, page),
    placeholderData: keepPreviousData,
  });
}

export function useFavoriteClips(filters: ClipFilters, page: PageRequest) {
  return useQuery({
    queryKey: clipKeys.favorites(filters, page),
    queryFn: () => clipsApi.favorites(filters, page),
    placeholderData: keepPreviousData,
  });
}

export function useClipStats() {
  return useQuery({ queryKey: clipKeys.stats, queryFn: clipsApi.stats });
}

export function useClip(id: string | undefined) {
  return useQuery({
    queryKey: clipKeys.detail(id ?? ''),
    queryFn: () => clipsApi.get(id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Saves a clip's text: the detail view takes the stored clip, the lists and stats refetch. */
export function useSaveClipContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => clipsApi.update(id, content),
    onSuccess: (clip) => {
      queryClient.setQueryData(clipKeys.detail(clip.id), clip);
      return queryClient.invalidateQueries({ queryKey: clipKeys.all });
    },
  });
}

/** Changes that reach a clip outside a query (uploads with progress, live updates from the socket). */
export function useClipCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      updateClip: (id: string, update: (clip: Clip) => Clip) =>
        queryClient.setQueryData<Clip>(clipKeys.detail(id), (clip) => clip && update(clip)),
      refetchClip: (id: string) => queryClient.invalidateQueries({ queryKey: clipKeys.detail(id) }),
      refetchLists: () => queryClient.invalidateQueries({ queryKey: clipKeys.all }),
      /** The clip is gone (deleted by its owner): its cached copy goes, and the lists it sat in refetch. */
      forgetClip: (id: string) => {
        queryClient.removeQueries({ queryKey: clipKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: clipKeys.all });
      },
    }),
    [queryClient],
  );
}
