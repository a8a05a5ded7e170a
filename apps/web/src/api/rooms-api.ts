import type { CreateRoomRequest, RoomLinkPreviewRequest, RoomSummary, UpdateRoomRequest } from '@clipsync/shared';
import {
  toPageQuery,
  toRoomContentQuery,
  toRoomListQuery,
  type RoomContentFilters,
  type RoomListFilters,
} from '../lib/room-filters';
import { call, callWithHeaders, upload, type ProgressListener, type SendOptions } from './client';
import type { PageRequest } from './clips-api';
import { roomEndpoints } from './endpoints';

export interface RoomPage {
  rooms: RoomSummary[];
  total: number;
}

/** The room calls; screens reach them through the hooks in room-queries.ts and room-mutations.ts. */
export const roomsApi = {
  async list(filters: RoomListFilters, page: PageRequest): Promise<RoomPage> {
    const query = toRoomListQuery(filters, page);
    const { body, headers } = await callWithHeaders(roomEndpoints.list, { query });
    return { rooms: body, total: Number(headers.get('x-total-count') ?? body.length) };
  },
  get: (id: string, filters: RoomContentFilters, page: PageRequest) =>
    call(roomEndpoints.get, { params: { id }, query: toRoomContentQuery(filters, page) }),
  create: (body: CreateRoomRequest) => call(roomEndpoints.create, { body }),
  update: (id: string, body: UpdateRoomRequest) => call(roomEndpoints.update, { params: { id }, body }),
  remove: (id: string) => call(roomEndpoints.remove, { params: { id } }),
  join: (shareToken: string) => call(roomEndpoints.join, { body: { shareToken } }),
  linkPreview: (link: RoomLinkPreviewRequest) => call(roomEndpoints.linkPreview, { body: link }),
  leave: (id: string) => call(roomEndpoints.leave, { params: { id } }),
  rotateInvite: (id: string) => call(roomEndpoints.rotateInvite, { params: { id } }),
  addMember: (id: string, email: string) => call(roomEndpoints.addMember, { params: { id }, body: { email } }),
  removeMember: (id: string, memberId: string, { keepalive = false }: SendOptions = {}) =>
    call(roomEndpoints.removeMember, { params: { id, memberId }, keepalive }),
  invitations: (id: string) => call(roomEndpoints.invitations, { params: { id } }),
  cancelInvitation: (id: string, invitationId: string) =>
    call(roomEndpoints.cancelInvitation, { params: { id, invitationId } }),
  acceptInvitation: (token: string) => call(roomEndpoints.acceptInvitation, { body: { token } }),
  addText: (id: string, content: string) =>
    call(roomEndpoints.addContent, { params: { id }, body: { content, type: 'text' } }),
  updateText: (id: string, contentId: string, content: string, version?: number) =>
    call(roomEndpoints.updateContent, { params: { id, contentId }, body: { content, version } }),
  removeContent: (id: string, contentId: string) => call(roomEndpoints.removeContent, { params: { id, contentId } }),
  uploadFile: (id: string, file: File, onProgress?: ProgressListener) =>
    upload(roomEndpoints.upload, { params: { id }, file, onProgress }),
  activity: (id: string, page: PageRequest) =>
    call(roomEndpoints.activity, { params: { id }, query: toPageQuery(page) }),
};
