import { oneOf } from '../../../lib/one-of';
import { NO_ROOM_FILTERS, type RoomListFilters } from '../../../lib/room-filters';

/**
 * The rooms list's filters and page as a URL query (`?q=…&privacy=private&size=small&sort=name&order=asc
 * &page=2`), so a reload, Back or a shared link shows the same list. Defaults stay out of the URL;
 * unknown values read as the default.
 */
export interface RoomListParams {
  filters: RoomListFilters;
  page: number;
}

const PRIVACIES = ['all', 'public', 'private'] as const;
const SIZES = ['all', 'small', 'medium', 'large'] as const;
const SORTS = ['name', 'updated_at', 'member_count'] as const;
const ORDERS = ['asc', 'desc'] as const;

export function readRoomListParams(params: URLSearchParams): RoomListParams {
  const page = Number(params.get('page'));
  return {
    filters: {
      search: params.get('q') ?? NO_ROOM_FILTERS.search,
      privacy: oneOf(PRIVACIES, params.get('privacy')) ?? NO_ROOM_FILTERS.privacy,
      size: oneOf(SIZES, params.get('size')) ?? NO_ROOM_FILTERS.size,
      sort: oneOf(SORTS, params.get('sort')) ?? NO_ROOM_FILTERS.sort,
      order: oneOf(ORDERS, params.get('order')) ?? NO_ROOM_FILTERS.order,
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function writeRoomListParams({ filters, page }: RoomListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.privacy !== NO_ROOM_FILTERS.privacy) params.set('privacy', filters.privacy);
  if (filters.size !== NO_ROOM_FILTERS.size) params.set('size', filters.size);
  if (filters.sort !== NO_ROOM_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.order !== NO_ROOM_FILTERS.order) params.set('order', filters.order);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Anything the reader changed from the defaults, sort included: what 'Clear all' undoes. */
export const differsFromDefaults = (filters: RoomListFilters) =>
  (Object.keys(NO_ROOM_FILTERS) as (keyof RoomListFilters)[]).some((key) => filters[key] !== NO_ROOM_FILTERS[key]);
