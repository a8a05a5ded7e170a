import { choiceParam, listParamsCodec, textParam } from '../../../lib/list-params';
import { NO_ROOM_FILTERS, type RoomListFilters } from '../../../lib/room-filters';

/**
 * The rooms list's filters and page as a URL query (`?q=…&privacy=private&size=small&sort=name&order=asc&page=2`).
 */
export const roomListParams = listParamsCodec<RoomListFilters>(NO_ROOM_FILTERS, {
  search: textParam('q'),
  privacy: choiceParam('privacy', ['all', 'public', 'private']),
  size: choiceParam('size', ['all', 'small', 'medium', 'large']),
  sort: choiceParam('sort', ['name', 'updated_at', 'member_count']),
  order: choiceParam('order', ['asc', 'desc']),
});

/** Anything the reader changed from the defaults, sort included: what 'Clear all' undoes. */
export const differsFromDefaults = (filters: RoomListFilters) =>
  (Object.keys(NO_ROOM_FILTERS) as (keyof RoomListFilters)[]).some((key) => filters[key] !== NO_ROOM_FILTERS[key]);
