import multipart from '@fastify/multipart';
import { ErrorBody, RAW_UPLOAD_CONTENT_TYPE, ROOM_ENDPOINTS, UPLOADS_PER_MINUTE } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../lib/api-route';
import { acceptRawUploads, receiveFile, UPLOAD_MULTIPART_OPTIONS } from '../../lib/single-upload';
import type { RoomsContext } from './rooms.context';
import * as roomContent from './room-content.service';
import * as roomContentList from './room-content-list.service';

// 402: a lapsed owner's room is read-only (room-writable.ts).
const errors = { 402: ErrorBody, 404: ErrorBody, 410: ErrorBody, 413: ErrorBody };
const route = areaRoutes({ tags: ['rooms'], access: 'signed-in' });
const member = { response: errors };
const api = ROOM_ENDPOINTS;

/** A room's content: text, uploads (10 MB), edits by the author, deletion by any member. */
export const roomContentRoutes: FastifyPluginAsyncZod<{ ctx: RoomsContext }> = async (app, { ctx }) => {
  await app.register(multipart, UPLOAD_MULTIPART_OPTIONS);
  acceptRawUploads(app);
  app.route({
    ...route(api.content, member),
    handler: async (request, reply) => {
      const page = await roomContentList.listRoomContent(ctx, request.actor, request.params.id, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.items;
    },
  });

  app.route({
    ...route(api.addContent, member),
    handler: (request) => roomContent.addRoomText(ctx, request.actor, request.params.id, request.body.content),
  });

  app.route({
    ...route(api.updateContent, { response: { ...errors, 409: ErrorBody } }),
    handler: async ({ actor, params, body }) =>
      roomContent.editRoomText(ctx, actor, params.id, params.contentId, body.content, body.version),
  });

  app.route({
    ...route(api.removeContent, member),
    handler: async (request) => {
      await roomContent.deleteRoomContent(ctx, request.actor, request.params.id, request.params.contentId);
    },
  });

  // The same upload two ways: a multipart form (`POST`), or the file as the whole body (`PUT`), which the
  // web app sends because it streams to storage unparsed.
  app.route({
    ...route(
      { ...api.upload, method: ['POST', 'PUT'] },
      {
        consumes: ['multipart/form-data', RAW_UPLOAD_CONTENT_TYPE],
        response: { ...errors, 415: ErrorBody },
      },
    ),
    config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const item = await receiveFile(request, reply, (incoming) =>
        roomContent.uploadRoomFile(ctx, request.actor, request.params.id, incoming),
      );
      return { url: item.file_url ?? '', item };
    },
  });
};
