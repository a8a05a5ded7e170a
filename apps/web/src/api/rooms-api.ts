import { ROOM_ENDPOINTS, type RoomSummary } from '@clipsync/shared';
import { toRoomListQuery, type RoomListFilters } from '../lib/room-filters';
import { callWithHeaders, upload, type ProgressListener } from './client';
import type { PageRequest } from './clips-api';

/**
 * The room calls that do more than name an entry of ROOM_ENDPOINTS, so they have a place of their own: a
 * page of rooms whose total comes from a header (`X-Total-Count`), and a file upload that reports its
 * progress (XMLHttpRequest: fetch cannot observe an upload). Every other room call is
 * `call(ROOM_ENDPOINTS.…)` in the hooks of room-queries.ts and room-mutations.ts.
 */
export const roomsApi = {
  async list(filters: RoomListFilters, page: PageRequest): Promise<RoomPage> {
    const query = toRoomListQuery(filters, page);
    const { body, headers } = await callWithHeaders(ROOM_ENDPOINTS.list, { query });
    return { rooms: body, total: Number(headers.get('x-total-count') ?? body.length) };
  },
  uploadFile: (id: string, file: File, onProgress?: ProgressListener) =>
    upload(ROOM_ENDPOINTS.upload, { params: { id }, file, onProgress }),
};

/** One page of the caller's rooms and how many match in all. */
export interface RoomPage {
  rooms: RoomSummary[];
  total: number;
}
