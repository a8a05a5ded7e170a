import multipart from '@fastify/multipart';
import {
  Clip,
  ClipFileList,
  ClipFileParams,
  ClipHistoryQuery,
  ClipIdParams,
  ClipList,
  ClipStats,
  ErrorBody,
  FavoriteResult,
  PagedClips,
  RAW_UPLOAD_CONTENT_TYPE,
  SaveClipboardItemRequest,
  UpdateClipRequest,
  UPLOADS_PER_MINUTE,
  UploadResult,
} from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptRawUploads, receiveFile, UPLOAD_MULTIPART_OPTIONS } from '../../lib/single-upload';
import { signedInOnly } from '../../plugins/authenticate';
import * as clipHistory from './clip-history.service';
import type { ClipsContext } from './clips.context';
import * as clipsService from './clips.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const bearer = [{ bearer: [] }];

export const clipsRoutes: FastifyPluginAsyncZod<{ ctx: ClipsContext }> = async (app, { ctx }) => {
  await app.register(multipart, UPLOAD_MULTIPART_OPTIONS);
  acceptRawUploads(app);

  // Anyone holding a clip's link reads it and its files (the service asks whether its owner may share it).
  app.get(
    '/:id',
    { schema: { tags: ['clips'], params: ClipIdParams, response: { 200: Clip, ...errors } } },
    async (request) => clipsService.getClip(ctx, request.actor, request.params.id),
  );

  app.get(
    '/:id/files',
    { schema: { tags: ['clips'], params: ClipIdParams, response: { 200: ClipFileList, ...errors } } },
    async (request) => ({ files: await clipsService.listClipFiles(ctx, request.actor, request.params.id) }),
  );

  await app.register(ownClipRoutes, { ctx });
};

/** Everything else is the owner's: signed in (one hook for the lot), then the service asks whose clip it is. */
const ownClipRoutes: FastifyPluginAsyncZod<{ ctx: ClipsContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', signedInOnly);

  app.get(
    '/history',
    {
      schema: {
        tags: ['clips'],
        security: bearer,
        querystring: ClipHistoryQuery,
        response: { 200: ClipList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await clipHistory.listClipHistory(ctx, request.actor, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.clips;
    },
  );

  app.get(
    '/favorites',
    {
      schema: {
        tags: ['clips'],
        security: bearer,
        querystring: ClipHistoryQuery.omit({ favorite: true }),
        response: { 200: PagedClips, ...errors },
      },
    },
    async (request, reply) => {
      const page = await clipHistory.listClipHistory(ctx, request.actor, { ...request.query, favorite: true });
      reply.header('X-Total-Count', String(page.total));
      return page;
    },
  );

  app.get(
    '/stats',
    {
      schema: { tags: ['clips'], security: bearer, response: { 200: ClipStats, ...errors } },
    },
    async (request) => clipHistory.getClipStats(ctx, request.actor),
  );

  // Both SPEC §7 save paths: `{ content }` and the alternate `{ content, type }`.
  app.post(
    '/',
    {
      schema: {
        tags: ['clips'],
        security: bearer,
        body: SaveClipboardItemRequest.partial({ content: true }),
        response: { 201: Clip, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await clipsService.createClip(ctx, request.actor, request.body.content ?? '')),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['clips'],
        security: bearer,
        params: ClipIdParams,
        body: UpdateClipRequest,
        response: { 200: Clip, ...errors, 409: ErrorBody },
      },
    },
    async (request) =>
      clipsService.updateClipContent(ctx, request.actor, request.params.id, request.body.content, request.body.version),
  );

  app.delete(
    '/:id',
    {
      schema: { tags: ['clips'], security: bearer, params: ClipIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await clipsService.deleteClip(ctx, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/favorite',
    {
      schema: { tags: ['clips'], security: bearer, params: ClipIdParams, response: { 200: FavoriteResult, ...errors } },
    },
    async (request) => clipsService.toggleFavorite(ctx, request.actor, request.params.id),
  );

  // SPEC's multipart POST, and the same upload with the file as the whole body (PUT, issue 14), which the
  // web app sends.
  app.route({
    method: ['POST', 'PUT'],
    url: '/:id/files',
    config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    schema: {
      tags: ['clips'],
      security: bearer,
      params: ClipIdParams,
      consumes: ['multipart/form-data', RAW_UPLOAD_CONTENT_TYPE],
      // 409: the clip already holds MAX_FILES_PER_CLIP files.
      response: { 201: UploadResult, ...errors, 409: ErrorBody, 415: ErrorBody },
    },
    handler: async (request, reply) => {
      const { file } = await receiveFile(request, reply, (incoming) =>
        clipsService.addClipFile(ctx, request.actor, request.params.id, incoming),
      );
      return reply.status(201).send({ url: file.url, file });
    },
  });

  app.delete(
    '/:id/files/:fileId',
    {
      schema: { tags: ['clips'], security: bearer, params: ClipFileParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await clipsService.deleteClipFile(ctx, request.actor, request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
};
