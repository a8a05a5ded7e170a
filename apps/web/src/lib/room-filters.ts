import type { RoomContentRange } from '@clipsync/shared';

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

export function toRoomListQuery(filters: RoomListFilters, page: { limit: number; offset: number }): string {
  const params = new URLSearchParams({
    sort: filters.sort,
    order: filters.order,
    limit: String(page.limit),
    offset: String(page.offset),
  });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.privacy !== 'all') params.set('privacy', filters.privacy);
  if (filters.size !== 'all') params.set('size', filters.size);
  return params.toString();
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
): string {
  const params = new URLSearchParams({
    sort: filters.sort,
    order: filters.order,
    limit: String(page.limit),
    offset: String(page.offset),
  });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.user) params.set('user', filters.user);
  if (filters.range !== 'all') params.set('range', filters.range);
  if (timezoneOffset !== 0) params.set('tzOffset', String(timezoneOffset));
  return params.toString();
}

export const toPageQuery = (page: { limit: number; offset: number }) =>
  new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) }).toString();
