import { ErrorBody, ROOM_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../lib/api-route';
import { plainJsonFor200, sendRemembered } from '../../lib/plain-json-serializer';
import { JOINS_PER_MINUTE, type RoomsContext } from './rooms.context';
import * as roomActivity from './room-activity.service';
import * as roomInvitations from './room-invitations.service';
import { linkOriginOf } from '../../lib/link-origin';
import { previewRoomLink } from './room-link-preview.service';
import * as roomList from './room-list.service';
import * as roomMembers from './room-members.service';
import * as roomsService from './rooms.service';

// 402: rooms need a plan that has them; a lapsed owner's room is read-only (room-writable.ts).
const errors = { 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody };
const route = areaRoutes({ tags: ['rooms'], access: 'signed-in' });
const member = { response: errors };
const api = ROOM_ENDPOINTS;

/**
 * The one rooms call open to signed-out callers: a link's room name for the sign-in page it leads to. Limited
 * per address as the join is, so it is no faster a way to guess tokens.
 */
export const roomLinkPreviewRoutes: FastifyPluginAsyncZod<{ ctx: RoomsContext }> = async (app, { ctx }) => {
  app.route({
    ...route(api.linkPreview, { access: 'public', response: { ...errors, 401: ErrorBody, 403: ErrorBody } }),
    config: { rateLimit: { max: JOINS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request) => previewRoomLink(ctx, request.body),
  });
};

/** Rooms, for signed-in callers: the room, its members, its invite link and its activity (content: room-content.routes). */
export const roomsRoutes: FastifyPluginAsyncZod<{ ctx: RoomsContext }> = async (app, { ctx }) => {
  app.route({
    ...route(api.list, member),
    handler: async (request, reply) => {
      const page = await roomList.listRooms(ctx, request.actor, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.rooms;
    },
  });

  app.route({
    ...route(api.create, member),
    handler: (request) => roomsService.createRoom(ctx, request.actor, request.body),
  });

  app.route({
    ...route(api.join, member),
    config: { rateLimit: { max: JOINS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request) => roomsService.joinRoomByToken(ctx, request.actor, request.body.shareToken),
  });

  // Only the global per-address limit: a token (256 random bits) is of use only to the account it was sent to.
  app.route({
    ...route(api.acceptInvitation, member),
    handler: async (request) => roomInvitations.acceptInvitation(ctx, request.actor, request.body.token),
  });

  app.route({
    ...route(api.get, member),
    serializerCompiler: plainJsonFor200,
    onSend: sendRemembered,
    handler: async (request, reply) => {
      const room = await roomsService.getRoom(ctx, request.actor, request.params.id, request.query);
      reply.header('X-Total-Count', String(room.contentTotal));
      return room;
    },
  });

  app.route({
    ...route(api.update, member),
    handler: async (request) => roomsService.updateRoom(ctx, request.actor, request.params.id, request.body),
  });

  app.route({
    ...route(api.remove, member),
    handler: async (request) => {
      await roomsService.deleteRoom(ctx, request.actor, request.params.id);
    },
  });

  app.route({
    ...route(api.rotateInvite, member),
    handler: async (request) => roomsService.rotateShareToken(ctx, request.actor, request.params.id),
  });

  app.route({
    ...route(api.leave, member),
    handler: async (request) => {
      await roomsService.leaveRoom(ctx, request.actor, request.params.id);
    },
  });

  app.route({
    ...route(api.addMember, member),
    handler: (request) =>
      roomMembers.addMember(ctx, request.actor, request.params.id, request.body.email, linkOriginOf(request, ctx)),
  });

  app.route({
    ...route(api.invitations, member),
    handler: async (request) => roomInvitations.listInvitations(ctx, request.actor, request.params.id),
  });

  app.route({
    ...route(api.cancelInvitation, member),
    handler: async (request) => {
      await roomInvitations.cancelInvitation(ctx, request.actor, request.params.id, request.params.invitationId);
    },
  });

  app.route({
    ...route(api.removeMember, member),
    handler: async (request) => {
      await roomMembers.removeMember(ctx, request.actor, request.params.id, request.params.memberId);
    },
  });

  app.route({
    ...route(api.activity, member),
    handler: async (request, reply) => {
      const page = await roomActivity.listRoomActivity(ctx, request.actor, request.params.id, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.entries;
    },
  });
};
