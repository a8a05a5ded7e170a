import { ErrorBody, ROOM_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import { plainJsonFor200, sendRemembered } from '../../lib/plain-json-serializer';
import { signedInOnly } from '../../plugins/authenticate';
import type { RoomsContext } from './rooms.context';
import * as roomActivity from './room-activity.service';
import * as roomInvitations from './room-invitations.service';
import { linkOriginOf } from '../../lib/link-origin';
import { previewRoomLink } from './room-link-preview.service';
import * as roomList from './room-list.service';
import * as roomMembers from './room-members.service';
import * as roomsService from './rooms.service';

// 402: rooms need a plan that has them; a lapsed owner's room is read-only (room-writable.ts).
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  402: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};
const member = { tags: ['rooms'], security: [{ bearer: [] }], response: errors };
const api = ROOM_ENDPOINTS;
/** Share-token lookups per client address: plenty for people following links, too few to guess tokens. */
const JOINS_PER_MINUTE = 30;

/**
 * The one rooms call open to signed-out callers: a link's room name for the sign-in page it leads to. Limited
 * per address as the join is, so it is no faster a way to guess tokens.
 */
export const roomLinkPreviewRoutes: FastifyPluginAsyncZod<{ ctx: RoomsContext }> = async (app, { ctx }) => {
  app.route({
    ...routeFrom(api.linkPreview, { tags: ['rooms'], response: errors }),
    config: { rateLimit: { max: JOINS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request) => previewRoomLink(ctx, request.body),
  });
};

/** Rooms, for signed-in callers: the room, its members, its invite link and its activity (content: room-content.routes). */
export const roomsRoutes: FastifyPluginAsyncZod<{ ctx: RoomsContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', signedInOnly);

  app.route({
    ...routeFrom(api.list, member),
    handler: async (request, reply) => {
      const page = await roomList.listRooms(ctx, request.actor, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.rooms;
    },
  });

  app.route({
    ...routeFrom(api.create, member),
    handler: async (request, reply) =>
      reply.status(201).send(await roomsService.createRoom(ctx, request.actor, request.body)),
  });

  app.route({
    ...routeFrom(api.join, member),
    config: { rateLimit: { max: JOINS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request) => roomsService.joinRoomByToken(ctx, request.actor, request.body.shareToken),
  });

  // Only the global per-address limit: a token (256 random bits) is of use only to the account it was sent to.
  app.route({
    ...routeFrom(api.acceptInvitation, member),
    handler: async (request) => roomInvitations.acceptInvitation(ctx, request.actor, request.body.token),
  });

  app.route({
    ...routeFrom(api.get, member),
    serializerCompiler: plainJsonFor200,
    onSend: sendRemembered,
    handler: async (request, reply) => {
      const room = await roomsService.getRoom(ctx, request.actor, request.params.id, request.query);
      reply.header('X-Total-Count', String(room.contentTotal));
      return room;
    },
  });

  app.route({
    ...routeFrom(api.update, member),
    handler: async (request) => roomsService.updateRoom(ctx, request.actor, request.params.id, request.body),
  });

  app.route({
    ...routeFrom(api.remove, member),
    handler: async (request, reply) => {
      await roomsService.deleteRoom(ctx, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeFrom(api.rotateInvite, member),
    handler: async (request) => roomsService.rotateShareToken(ctx, request.actor, request.params.id),
  });

  app.route({
    ...routeFrom(api.leave, member),
    handler: async (request, reply) => {
      await roomsService.leaveRoom(ctx, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeFrom(api.addMember, member),
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(
          await roomMembers.addMember(
            ctx,
            request.actor,
            request.params.id,
            request.body.email,
            linkOriginOf(request, ctx),
          ),
        ),
  });

  app.route({
    ...routeFrom(api.invitations, member),
    handler: async (request) => roomInvitations.listInvitations(ctx, request.actor, request.params.id),
  });

  app.route({
    ...routeFrom(api.cancelInvitation, member),
    handler: async (request, reply) => {
      await roomInvitations.cancelInvitation(ctx, request.actor, request.params.id, request.params.invitationId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeFrom(api.removeMember, member),
    handler: async (request, reply) => {
      await roomMembers.removeMember(ctx, request.actor, request.params.id, request.params.memberId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeFrom(api.activity, member),
    handler: async (request, reply) => {
      const page = await roomActivity.listRoomActivity(ctx, request.actor, request.params.id, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.entries;
    },
  });
};
