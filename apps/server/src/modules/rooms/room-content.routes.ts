import multipart from '@fastify/multipart';
import {
  AddRoomContentRequest,
  ErrorBody,
  RoomContentItem,
  RoomContentList,
  RoomContentParams,
  RoomContentQuery,
  RAW_UPLOAD_CONTENT_TYPE,
  RoomIdParams,
  RoomUploadResult,
  UpdateRoomContentRequest,
  UPLOADS_PER_MINUTE,
} from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptRawUploads, receiveFile, UPLOAD_MULTIPART_OPTIONS } from '../../lib/single-upload';
import { signedInOnly } from '../../plugins/authenticate';
import type { RoomsContext } from './rooms.context';
import * as roomContent from './room-content.service';
import * as roomContentList from './room-content-list.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const bearer = [{ bearer: [] }];
const tags = ['rooms'];

/** SPEC §7 Rooms content: text, uploads (10 MB), edits by the author, deletion by any member. */
export const roomContentRoutes: FastifyPluginAsyncZod<{ ctx: RoomsContext }> = async (app, { ctx }) => {
  await app.register(multipart, UPLOAD_MULTIPART_OPTIONS);
  acceptRawUploads(app);
  app.addHook('preHandler', signedInOnly);

  app.get(
    '/:id/content',
    {
      schema: {
        tags,
        security: bearer,
        params: RoomIdParams,
        querystring: RoomContentQuery,
        response: { 200: RoomContentList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await roomContentList.listRoomContent(ctx, request.actor, request.params.id, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.items;
    },
  );

  app.post(
    '/:id/content',
    {
      schema: {
        tags,
        security: bearer,
        params: RoomIdParams,
        body: AddRoomContentRequest,
        response: { 201: RoomContentItem, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await roomContent.addRoomText(ctx, request.actor, request.params.id, request.body.content)),
  );

  app.patch(
    '/:id/content/:contentId',
    {
      schema: {
        tags,
        security: bearer,
        params: RoomContentParams,
        body: UpdateRoomContentRequest,
        response: { 200: RoomContentItem, ...errors, 409: ErrorBody },
      },
    },
    async ({ actor, params, body }) =>
      roomContent.editRoomText(ctx, actor, params.id, params.contentId, body.content, body.version),
  );

  app.delete(
    '/:id/content/:contentId',
    { schema: { tags, security: bearer, params: RoomContentParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await roomContent.deleteRoomContent(ctx, request.actor, request.params.id, request.params.contentId);
      return reply.status(204).send(null);
    },
  );

  // SPEC's multipart POST, and the same upload with the file as the whole body (PUT, issue 14), which the
  // web app sends.
  app.route({
    method: ['POST', 'PUT'],
    url: '/:id/upload',
    config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    schema: {
      tags,
      security: bearer,
      params: RoomIdParams,
      consumes: ['multipart/form-data', RAW_UPLOAD_CONTENT_TYPE],
      response: { 201: RoomUploadResult, ...errors, 415: ErrorBody },
    },
    handler: async (request, reply) => {
      const item = await receiveFile(request, reply, (incoming) =>
        roomContent.uploadRoomFile(ctx, request.actor, request.params.id, incoming),
      );
      return reply.status(201).send({ url: item.file_url ?? '', item });
    },
  });
};
