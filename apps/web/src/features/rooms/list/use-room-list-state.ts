import { useListUrlState, type ListParamsCodec } from '../../../components/use-list-url-state';
import type { RoomListFilters } from '../../../lib/room-filters';
import { readRoomListParams, writeRoomListParams } from './room-list-params';

const ROOM_LIST = { read: readRoomListParams, write: writeRoomListParams } satisfies ListParamsCodec<RoomListFilters>;

/** Filters and page of the rooms list, in the URL query as the clip lists keep theirs (see `useListUrlState`). */
export function useRoomListState() {
  return useListUrlState(ROOM_LIST);
}
