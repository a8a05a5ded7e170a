import {
  AcceptRoomInvitationRequest,
  AddRoomMemberRequest,
  CreateRoomRequest,
  ErrorBody,
  JoinRoomRequest,
  JoinRoomResult,
  RoomActivityList,
  RoomActivityQuery,
  RoomContentQuery,
  RoomDetail,
  RoomIdParams,
  RoomInvitationList,
  RoomInvitationParams,
  RoomInvitationSent,
  RoomListQuery,
  RoomMemberParams,
  RoomSummaryList,
  ShareTokenResult,
  UpdateRoomRequest,
} from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainJsonFor200, sendRemembered } from '../../lib/plain-json-serializer';
import { signedInOnly } from '../../plugins/authenticate';
import type { RoomsContext } from './rooms.context';
import * as roomActivity from './room-activity.service';
import * as roomInvitations from './room-invitations.service';
import { linkOriginOf } from '../../lib/link-origin';
import * as roomList from './room-list.service';
import * as roomMembers from './room-members.service';
import * as roomsService from './rooms.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const bearer = [{ bearer: [] }];
const tags = ['rooms'];
/** Share-token lookups per client address: plenty for people following links, too few to guess tokens. */
const JOINS_PER_MINUTE = 30;

/** SPEC §7 Rooms: the room itself, its members, its invite link and its activity (content: room-content.routes). */
export const roomsRoutes: FastifyPluginAsyncZod<{ ctx: RoomsContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', signedInOnly);

  app.get(
    '/',
    { schema: { tags, security: bearer, querystring: RoomListQuery, response: { 200: RoomSummaryList, ...errors } } },
    async (request, reply) => {
      const page = await roomList.listRooms(ctx, request.actor, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.rooms;
    },
  );

  app.post(
    '/',
    { schema: { tags, security: bearer, body: CreateRoomRequest, response: { 201: RoomDetail, ...errors } } },
    async (request, reply) => reply.status(201).send(await roomsService.createRoom(ctx, request.actor, request.body)),
  );

  app.post(
    '/join',
    {
      config: { rateLimit: { max: JOINS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, security: bearer, body: JoinRoomRequest, response: { 200: JoinRoomResult, ...errors } },
    },
    async (request) => roomsService.joinRoomByToken(ctx, request.actor, request.body.shareToken),
  );

  // Only the global per-address limit: a token (256 random bits) is of use only to the account it was sent to.
  app.post(
    '/invitations/accept',
    {
      schema: {
        tags,
        security: bearer,
        body: AcceptRoomInvitationRequest,
        response: { 200: JoinRoomResult, ...errors },
      },
    },
    async (request) => roomInvitations.acceptInvitation(ctx, request.actor, request.body.token),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: RoomIdParams,
        querystring: RoomContentQuery,
        response: { 200: RoomDetail, ...errors },
      },
      serializerCompiler: plainJsonFor200,
      onSend: sendRemembered,
    },
    async (request, reply) => {
      const room = await roomsService.getRoom(ctx, request.actor, request.params.id, request.query);
      reply.header('X-Total-Count', String(room.contentTotal));
      return room;
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: RoomIdParams,
        body: UpdateRoomRequest,
        response: { 200: RoomDetail, ...errors },
      },
    },
    async (request) => roomsService.updateRoom(ctx, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { tags, security: bearer, params: RoomIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await roomsService.deleteRoom(ctx, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/share-token',
    { schema: { tags, security: bearer, params: RoomIdParams, response: { 200: ShareTokenResult, ...errors } } },
    async (request) => roomsService.rotateShareToken(ctx, request.actor, request.params.id),
  );

  app.post(
    '/:id/leave',
    { schema: { tags, security: bearer, params: RoomIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await roomsService.leaveRoom(ctx, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/members',
    {
      schema: {
        tags,
        security: bearer,
        params: RoomIdParams,
        body: AddRoomMemberRequest,
        response: { 202: RoomInvitationSent, ...errors },
      },
    },
    async (request, reply) =>
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
  );

  app.get(
    '/:id/invitations',
    { schema: { tags, security: bearer, params: RoomIdParams, response: { 200: RoomInvitationList, ...errors } } },
    async (request) => roomInvitations.listInvitations(ctx, request.actor, request.params.id),
  );

  app.delete(
    '/:id/invitations/:invitationId',
    { schema: { tags, security: bearer, params: RoomInvitationParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await roomInvitations.cancelInvitation(ctx, request.actor, request.params.id, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:id/members/:memberId',
    { schema: { tags, security: bearer, params: RoomMemberParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await roomMembers.removeMember(ctx, request.actor, request.params.id, request.params.memberId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/activity',
    {
      schema: {
        tags,
        security: bearer,
        params: RoomIdParams,
        querystring: RoomActivityQuery,
        response: { 200: RoomActivityList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await roomActivity.listRoomActivity(ctx, request.actor, request.params.id, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.entries;
    },
  );
};
