import {
  ROOM_ENDPOINTS,
  type CallExtras,
  type CreateRoomRequest,
  type RoomLinkPreviewRequest,
  type RoomSummary,
  type UpdateRoomRequest,
} from '@clipsync/shared';
import {
  toRoomContentQuery,
  toRoomListQuery,
  type RoomContentFilters,
  type RoomListFilters,
} from '../lib/room-filters';
import { call, callWithHeaders, upload, type ProgressListener } from './client';
import type { PageRequest } from './clips-api';

export interface RoomPage {
  rooms: RoomSummary[];
  total: number;
}

/** The room calls; screens reach them through the hooks in room-queries.ts and room-mutations.ts. */
export const roomsApi = {
  async list(filters: RoomListFilters, page: PageRequest): Promise<RoomPage> {
    const query = toRoomListQuery(filters, page);
    const { body, headers } = await callWithHeaders(ROOM_ENDPOINTS.list, { query });
    return { rooms: body, total: Number(headers.get('x-total-count') ?? body.length) };
  },
  get: (id: string, filters: RoomContentFilters, page: PageRequest) =>
    call(ROOM_ENDPOINTS.get, { params: { id }, query: toRoomContentQuery(filters, page) }),
  create: (body: CreateRoomRequest) => call(ROOM_ENDPOINTS.create, { body }),
  update: (id: string, body: UpdateRoomRequest) => call(ROOM_ENDPOINTS.update, { params: { id }, body }),
  remove: (id: string) => call(ROOM_ENDPOINTS.remove, { params: { id } }),
  join: (shareToken: string) => call(ROOM_ENDPOINTS.join, { body: { shareToken } }),
  linkPreview: (link: RoomLinkPreviewRequest) => call(ROOM_ENDPOINTS.linkPreview, { body: link }),
  leave: (id: string) => call(ROOM_ENDPOINTS.leave, { params: { id } }),
  rotateInvite: (id: string) => call(ROOM_ENDPOINTS.rotateInvite, { params: { id } }),
  addMember: (id: string, email: string) => call(ROOM_ENDPOINTS.addMember, { params: { id }, body: { email } }),
  removeMember: (id: string, memberId: string, { keepalive = false }: CallExtras = {}) =>
    call(ROOM_ENDPOINTS.removeMember, { params: { id, memberId }, keepalive }),
  invitations: (id: string) => call(ROOM_ENDPOINTS.invitations, { params: { id } }),
  cancelInvitation: (id: string, invitationId: string) =>
    call(ROOM_ENDPOINTS.cancelInvitation, { params: { id, invitationId } }),
  acceptInvitation: (token: string) => call(ROOM_ENDPOINTS.acceptInvitation, { body: { token } }),
  addText: (id: string, content: string) =>
    call(ROOM_ENDPOINTS.addContent, { params: { id }, body: { content, type: 'text' } }),
  updateText: (id: string, contentId: string, content: string, version?: number) =>
    call(ROOM_ENDPOINTS.updateContent, { params: { id, contentId }, body: { content, version } }),
  removeContent: (id: string, contentId: string) => call(ROOM_ENDPOINTS.removeContent, { params: { id, contentId } }),
  uploadFile: (id: string, file: File, onProgress?: ProgressListener) =>
    upload(ROOM_ENDPOINTS.upload, { params: { id }, file, onProgress }),
  activity: (id: string, page: PageRequest) => call(ROOM_ENDPOINTS.activity, { params: { id }, query: page }),
};
