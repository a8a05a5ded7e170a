import type { QueryOf, ROOM_ENDPOINTS, RoomContentRange } from '@clipsync/shared';

/** The Rooms list filter panel; by default the last active room comes first. */
export interface RoomListFilters {
  search: string;
  privacy: 'all' | 'public' | 'private';
  size: 'all' | 'small' | 'medium' | 'large';
  sort: 'name' | 'updated_at' | 'member_count';
  order: 'asc' | 'desc';
}

export const NO_ROOM_FILTERS: RoomListFilters = {
  search: '',
  privacy: 'all',
  size: 'all',
  sort: 'updated_at',
  order: 'desc',
};

/** How many filters narrow the list (the Filters button's badge); the sort orders it and is not counted. */
export function countActiveRoomFilters(filters: RoomListFilters): number {
  return [filters.search.trim() !== '', filters.privacy !== 'all', filters.size !== 'all'].filter(Boolean).length;
}

/** The list query: always the sort, then the page, then only the filters that narrow. */
export function toRoomListQuery(
  filters: RoomListFilters,
  page: { limit: number; offset: number },
): QueryOf<typeof ROOM_ENDPOINTS.list> {
  return {
    sort: filters.sort,
    order: filters.order,
    limit: page.limit,
    offset: page.offset,
    search: filters.search.trim() || undefined,
    privacy: filters.privacy !== 'all' ? filters.privacy : undefined,
    size: filters.size !== 'all' ? filters.size : undefined,
  };
}

/** The room content filter bar; by default the newest content comes first. `user` is an author's id. */
export interface RoomContentFilters {
  search: string;
  type: 'all' | 'text' | 'file';
  user: string | null;
  range: RoomContentRange;
  sort: 'date' | 'type' | 'user';
  order: 'asc' | 'desc';
}

export const NO_CONTENT_FILTERS: RoomContentFilters = {
  search: '',
  type: 'all',
  user: null,
  range: 'all',
  sort: 'date',
  order: 'desc',
};

export function hasActiveContentFilters(filters: RoomContentFilters): boolean {
  return filters.search.trim() !== '' || filters.type !== 'all' || filters.user !== null || filters.range !== 'all';
}

/**
 * The content query of a room. Ranges count from the start of the viewer's today, so the
 * browser's offset from UTC goes along.
 */
export function toRoomContentQuery(
  filters: RoomContentFilters,
  page: { limit: number; offset: number },
  timezoneOffset = new Date().getTimezoneOffset(),
): QueryOf<typeof ROOM_ENDPOINTS.get> {
  return {
    sort: filters.sort,
    order: filters.order,
    limit: page.limit,
    offset: page.offset,
    search: filters.search.trim() || undefined,
    type: filters.type !== 'all' ? filters.type : undefined,
    user: filters.user || undefined,
    range: filters.range !== 'all' ? filters.range : undefined,
    tzOffset: timezoneOffset !== 0 ? timezoneOffset : undefined,
  };
}
