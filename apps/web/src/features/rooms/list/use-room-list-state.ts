import { useListUrlState } from '../../../components/use-list-url-state';
import { roomListParams } from './room-list-params';

/** Filters and page of the rooms list, in the URL query as the clip lists keep theirs (see `useListUrlState`). */
export function useRoomListState() {
  return useListUrlState(roomListParams);
}
