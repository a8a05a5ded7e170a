import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useClipList } from '../../../api/clip-queries';
import type { ClipPage, PageRequest } from '../../../api/clips-api';
import type { ClipListKind } from '../../../api/query-keys';
import type { ClipFilters } from '../../../lib/clip-filters';
import { indexClipUpdate } from '../../../lib/sealed-history/live-updates';
import { useUserEvent } from '../../../realtime/use-user-event';
import { useSealedClipboard } from '../../../session/use-sealed-clipboard';
import type { SealedHistoryIndex } from '../../../lib/sealed-history/sealed-history-index';
import { sealedHistoryStore } from './sealed-history-store';

/**
 * A clip list's page: the server's, or, for a search of an encrypted clipboard on an unlocked device, the
 * history opened on this device (the server holds envelopes, which no search word finds). The local answer has
 * the server's shape, so a screen shows either the same way; `sealedSearch` says how far the device has read.
 */
export function useClipListing(kind: ClipListKind, filters: ClipFilters, page: PageRequest) {
  const clipboard = useSealedClipboard();
  const sealingKey = clipboard.state === 'unlocked' ? clipboard.sealingKey : null;
  const isLocalSearch = sealingKey !== null && filters.search.trim() !== '';
  const server = useClipList(kind, filters, page, { enabled: !isLocalSearch });
  const history = useSyncExternalStore(sealedHistoryStore.subscribe, sealedHistoryStore.snapshot);
  useKeptCurrent(isLocalSearch ? sealingKey : null);
  const local = useMemo((): ClipPage | undefined => {
    if (!isLocalSearch || !history) return undefined;
    const favorite = kind === 'favorites' ? true : filters.favorite;
    const found = history.index.search(filters.search, {
      ...filters,
      favorite,
      page: Math.floor(page.offset / page.limit) + 1,
      pageSize: page.limit,
    });
    const clips = found.items.flatMap((id) => history.clips.get(id) ?? []);
    return { clips, total: found.total };
  }, [isLocalSearch, history, kind, filters, page.offset, page.limit]);

  if (!isLocalSearch) return { ...server, sealedSearch: null };
  const isLoading = local === undefined || (history?.progress === null && local.clips.length === 0);
  return {
    data: local,
    isLoading,
    isError: history?.hasFailed === true && local?.clips.length === 0,
    isFetching: history?.isLoading === true,
    isPlaceholderData: history?.isLoading === true,
    refetch: async () => sealingKey && sealedHistoryStore.refresh(sealingKey),
    sealedSearch: history && {
      progress: history.progress,
      isLoading: history.isLoading,
      index: history.index,
      sealingKey,
    },
  };
}

/**
 * Keeps the opened history current while a search shows it: read on the search's start, again after this
 * device changed a clip (a delete, a favourite, a save); dropped when the device locks or signs out. Live saves
 * from other devices: `useLiveSealedHistory`, where the search is shown (a socket is there).
 */
function useKeptCurrent(sealingKey: CryptoKey | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (sealingKey) sealedHistoryStore.refresh(sealingKey);
  }, [sealingKey]);
  const clipboard = useSealedClipboard();
  useEffect(() => {
    if (clipboard.state === 'locked' || clipboard.state === 'off') sealedHistoryStore.drop();
  }, [clipboard.state]);
  useEffect(() => {
    if (!sealingKey) return;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') sealedHistoryStore.refresh(sealingKey);
    });
  }, [queryClient, sealingKey]);
}

/** Saves heard live from the owner's other devices, opened into the searched history as they come. */
export function useLiveSealedHistory(index: SealedHistoryIndex, sealingKey: CryptoKey | null) {
  useUserEvent('clip-update', (update) => {
    if (sealingKey) void indexClipUpdate(index, update, sealingKey);
  });
}
