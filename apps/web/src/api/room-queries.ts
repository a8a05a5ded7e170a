import {
  ROOM_ACTIVITY_PAGE_SIZE,
  ROOM_CONTENT_PAGE_SIZE,
  ROOM_ENDPOINTS,
  ROOMS_PAGE_SIZE,
  type RoomLinkPreviewRequest,
} from '@clipsync/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toRoomContentQuery, type RoomContentFilters, type RoomListFilters } from '../lib/room-filters';
import { call } from './client';
import { roomKeys } from './query-keys';
import { roomsApi, type RoomPage } from './rooms-api';

/** The caller's rooms, filtered, sorted and paged on the server; the last page stays while the next loads. */
export function useRoomList(filters: RoomListFilters, page = 1) {
  return useQuery({
    queryKey: roomKeys.list(filters, page),
    queryFn: () => roomsApi.list(filters, { limit: ROOMS_PAGE_SIZE, offset: (page - 1) * ROOMS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

const NO_LINK: RoomLinkPreviewRequest = { kind: 'join', token: '' };

/**
 * The name of the room a link leads into, asked while signed out (the sign-in page names it). A link that
 * does not work answers 404, which is an answer: the page then names no room.
 */
export function useRoomLinkPreview(link: RoomLinkPreviewRequest | null) {
  return useQuery({
    queryKey: roomKeys.link(link ?? NO_LINK),
    queryFn: () => call(ROOM_ENDPOINTS.linkPreview, { body: link ?? NO_LINK }),
    enabled: link !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** A room with one page of its content as filtered. A 404 is an answer (no such room for this caller). */
export function useRoom(id: string, filters: RoomContentFilters, page = 1) {
  return useQuery({
    queryKey: roomKeys.detail(id, filters, page),
    queryFn: () => {
      const query = toRoomContentQuery(filters, {
        limit: ROOM_CONTENT_PAGE_SIZE,
        offset: (page - 1) * ROOM_CONTENT_PAGE_SIZE,
      });
      return call(ROOM_ENDPOINTS.get, { params: { id }, query });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRoomActivity(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: roomKeys.activity(id),
    queryFn: () =>
      call(ROOM_ENDPOINTS.activity, { params: { id }, query: { limit: ROOM_ACTIVITY_PAGE_SIZE, offset: 0 } }),
    enabled: isEnabled,
  });
}

/** The room's pending invitations; under the room's key, so every change to the room refetches them. */
export function useRoomInvitations(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: roomKeys.invitations(id),
    queryFn: () => call(ROOM_ENDPOINTS.invitations, { params: { id } }),
    enabled: isEnabled,
  });
}

/** Refetches after a change, the caller's own or another member's. */
export function useRoomCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      refetchRoom: (id: string) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: roomKeys.room(id) }),
          queryClient.invalidateQueries({ queryKey: roomKeys.all }),
        ]),
      refetchLists: () => queryClient.invalidateQueries({ queryKey: roomKeys.all }),
      /** The room is gone for this user (deleted, removed, left): its cache goes, the lists refetch. */
      forgetRoom: (id: string) => {
        queryClient.removeQueries({ queryKey: roomKeys.room(id) });
        return queryClient.invalidateQueries({ queryKey: roomKeys.all });
      },
      /** As `forgetRoom`, and the lists on screen drop the room at once rather than after their refetch. */
      dropRoom: (id: string) => {
        queryClient.setQueriesData<RoomPage>({ queryKey: roomKeys.all }, (page) => {
          if (!page?.rooms.some((room) => room.id === id)) return page;
          return { rooms: page.rooms.filter((room) => room.id !== id), total: Math.max(0, page.total - 1) };
        });
        queryClient.removeQueries({ queryKey: roomKeys.room(id) });
        return queryClient.invalidateQueries({ queryKey: roomKeys.all });
      },
    }),
    [queryClient],
  );
}
