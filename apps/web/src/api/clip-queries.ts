import { CLIP_ENDPOINTS, type Clip } from '@clipsync/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClipFilters } from '../lib/clip-filters';
import { call } from './client';
import { clipsApi, type PageRequest } from './clips-api';
import { clipKeys, type ClipListKind } from './query-keys';

/** One page of a clip list; the previous page stays on screen while the next one loads. */
export function useClipList(kind: ClipListKind, filters: ClipFilters, page: PageRequest, { enabled = true } = {}) {
  return useQuery({
    queryKey: clipKeys.list(kind, filters, page),
    queryFn: () => clipsApi[kind](filters, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useClipStats() {
  return useQuery({ queryKey: clipKeys.stats, queryFn: () => call(CLIP_ENDPOINTS.stats) });
}

/** The clip again, for a page already showing it: the same visit, so not another entry in its view log. */
const refreshClip = (id: string) => call(CLIP_ENDPOINTS.get, { params: { id }, query: { refresh: 'true' } });

/**
 * A clip by its id or link. Once the page shows it, every read again (on focus, on reconnect) is a refresh:
 * the same visit, never another entry in its owner's view log.
 */
export function useClip(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: clipKeys.detail(id ?? ''),
    queryFn: () =>
      queryClient.getQueryData(clipKeys.detail(id ?? '')) === undefined
        ? call(CLIP_ENDPOINTS.get, { params: { id: id ?? '' } })
        : refreshClip(id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The owner's view log of a clip (each open of its link), newest first. */
export function useClipViews(id: string) {
  return useQuery({ queryKey: clipKeys.views(id), queryFn: () => call(CLIP_ENDPOINTS.views, { params: { id } }) });
}

/** Changes that reach a clip outside a query (uploads with progress, live updates from the socket). */
export function useClipCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      updateClip: (id: string, update: (clip: Clip) => Clip) =>
        queryClient.setQueryData<Clip>(clipKeys.detail(id), (clip) => clip && update(clip)),
      refetchClip: (id: string) => queryClient.invalidateQueries({ queryKey: clipKeys.detail(id) }),
      /**
       * A viewer's page reads the clip it shows again: the same visit, not another entry in the view log. A
       * failure (the link stopped meanwhile) lands in the query's state, which the page shows.
       */
      refreshViewedClip: (id: string) =>
        queryClient
          .fetchQuery({
            queryKey: clipKeys.detail(id),
            queryFn: () => refreshClip(id),
            staleTime: 0,
            retry: false,
          })
          .catch(() => undefined),
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
