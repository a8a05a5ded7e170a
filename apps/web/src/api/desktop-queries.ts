import {
  DESKTOP_ENDPOINTS,
  type Desktop,
  type DesktopItem,
  type DesktopLayoutEntry,
  type DesktopTarget,
} from '@clipsync/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from './client';

/**
 * Query keys: the desktop a page shows, its own (signed in) or the LAN one (signed out) under `own`, a
 * shared one under its token. The session's change clears the whole cache, so `own` never mixes the two.
 */
export const desktopKeys = {
  desktop: (target: DesktopTarget) => ['desktop', target.desktopId ?? 'own'] as const,
};

/** The desktop and its items. A 404 on a shared desktop is an answer (wrong or revoked token). */
export function useDesktop(target: DesktopTarget) {
  return useQuery({
    queryKey: desktopKeys.desktop(target),
    queryFn: () =>
      target.desktopId
        ? call(DESKTOP_ENDPOINTS.getShared, { params: { token: target.desktopId } })
        : call(DESKTOP_ENDPOINTS.get),
    retry: false,
  });
}

/**
 * Writes the server's answers (and live events) into the cached desktop, so a block appears, moves or
 * goes without refetching the whole desktop. With nothing cached yet (the first load failed) it refetches.
 */
export function useDesktopCache(target: DesktopTarget) {
  const queryClient = useQueryClient();
  const { desktopId } = target;
  return useMemo(() => {
    const queryKey = desktopKeys.desktop({ desktopId });
    const change = (update: (desktop: Desktop) => Desktop) => {
      if (!queryClient.getQueryData<Desktop>(queryKey)) return void queryClient.invalidateQueries({ queryKey });
      queryClient.setQueryData<Desktop>(queryKey, (desktop) => desktop && update(desktop));
    };
    const putItems = (items: readonly DesktopItem[]) =>
      change((desktop) => {
        const byId = new Map(items.map((item) => [item.id, item]));
        const kept = desktop.items.map((item) => byId.get(item.id) ?? item);
        const added = items.filter((item) => !desktop.items.some((known) => known.id === item.id));
        return { ...desktop, items: [...kept, ...added] };
      });
    return {
      /** The desktop as cached now (for placing a new block beside the ones just added). */
      current: () => queryClient.getQueryData<Desktop>(queryKey),
      putItem: (item: DesktopItem) => putItems([item]),
      putItems,
      /** A drag's result shown at once, before the server has it (the save follows 500 ms after the drag). */
      moveItems: (entries: readonly DesktopLayoutEntry[]) =>
        change((desktop) => ({
          ...desktop,
          items: desktop.items.map((item) => {
            const entry = entries.find((moved) => moved.id === item.id);
            return entry ? { ...item, position: entry.position, size: entry.size } : item;
          }),
        })),
      removeItem: (itemId: string) =>
        change((desktop) => ({ ...desktop, items: desktop.items.filter((item) => item.id !== itemId) })),
      setShareToken: (shareToken: string | null) => change((desktop) => ({ ...desktop, shareToken })),
      refetch: () => queryClient.invalidateQueries({ queryKey }),
    };
  }, [queryClient, desktopId]);
}
