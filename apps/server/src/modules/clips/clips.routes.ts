import multipart from '@fastify/multipart';
import { CLIP_ENDPOINTS, ErrorBody, RAW_UPLOAD_CONTENT_TYPE, UPLOADS_PER_MINUTE } from '@clipsync/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitKeyOf } from '../../lib/address-limit-key';
import { routeFrom, SIGN_IN_OPTIONAL } from '../../lib/api-route';
import { acceptRawUploads, receiveFile, UPLOAD_MULTIPART_OPTIONS } from '../../lib/single-upload';
import { signedInOnly } from '../../plugins/authenticate';
import * as clipHistory from './clip-history.service';
import * as clipShare from './clip-share.service';
import type { ViewerInfo } from './clip-views';
import type { ClipsContext } from './clips.context';
import * as clipsService from './clips.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const tags = ['clips'];
const owner = { tags, security: [{ bearer: [] }] };
/** Whoever holds the link, signed in or not (the owner sees more; a token's scope is checked). */
const linkHolder = { tags, security: SIGN_IN_OPTIONAL };
/** 402: a link works only while its owner's plan includes sharing (clip-access.ts). */
const linkErrors = { ...errors, 402: ErrorBody };
const api = CLIP_ENDPOINTS;
const viewerOf = (request: FastifyRequest): ViewerInfo => ({ userAgent: request.headers['user-agent'] });

/** A list's total; a counted one stops HISTORY_TOTAL_AHEAD past the page, which `X-Total-Count-Capped` says ("10+" pages). */
function totalHeaders(reply: FastifyReply, page: { total: number; isTotalCapped: boolean }) {
  reply.header('X-Total-Count', String(page.total));
  if (page.isTotalCapped) reply.header('X-Total-Count-Capped', 'true');
}

export const clipsRoutes: FastifyPluginAsyncZod<{ ctx: ClipsContext }> = async (app, { ctx }) => {
  await app.register(multipart, UPLOAD_MULTIPART_OPTIONS);
  acceptRawUploads(app);

  // Anyone holding a clip's link reads it and its files (the service asks whether the link works and its
  // owner may share it). These reads never spend a view: a protected clip answers others its card.
  app.route({
    ...routeFrom(api.get, { ...linkHolder, response: linkErrors }),
    handler: async (request) =>
      clipsService.getClip(ctx, request.actor, request.params.id, viewerOf(request), {
        isRefresh: request.query.refresh === true,
      }),
  });

  app.route({
    ...routeFrom(api.files, { ...linkHolder, response: linkErrors }),
    handler: async (request) => clipsService.listClipFiles(ctx, request.actor, request.params.id),
  });

  // The click on "Show clip": the only call that spends a view.
  app.route({
    ...routeFrom(api.open, { ...linkHolder, response: { ...linkErrors, 429: ErrorBody } }),
    handler: async (request) =>
      clipShare.openClip(ctx, request.actor, request.params.id, {
        password: request.body.password,
        viewer: viewerOf(request),
        addressKey: limitKeyOf(request.ip),
      }),
  });

  await app.register(ownClipRoutes, { ctx });
};

/** Everything else is the owner's: signed in (one hook for the lot), then the service asks whose clip it is. */
const ownClipRoutes: FastifyPluginAsyncZod<{ ctx: ClipsContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', signedInOnly);

  app.route({
    ...routeFrom(api.history, { ...owner, response: errors }),
    handler: async (request, reply) => {
      const page = await clipHistory.listClipHistory(ctx, request.actor, request.query);
      totalHeaders(reply, page);
      return page.clips;
    },
  });

  app.route({
    ...routeFrom(api.favorites, { ...owner, response: errors }),
    handler: async (request, reply) => {
      const { clips, total, isTotalCapped } = await clipHistory.listClipHistory(ctx, request.actor, {
        ...request.query,
        favorite: true,
      });
      totalHeaders(reply, { total, isTotalCapped });
      return { clips, total };
    },
  });

  app.route({
    ...routeFrom(api.stats, { ...owner, response: errors }),
    handler: async (request) => clipHistory.getClipStats(ctx, request.actor),
  });

  app.route({
    ...routeFrom(api.create, { ...owner, response: errors }),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await clipsService.createClip(ctx, request.actor, request.body.content, request.body.encrypted)),
  });

  app.route({
    ...routeFrom(api.update, { ...owner, response: { ...errors, 409: ErrorBody } }),
    handler: async (request) =>
      clipsService.updateClipContent(ctx, request.actor, request.params.id, request.body.content, request.body.version),
  });

  app.route({
    ...routeFrom(api.remove, { ...owner, response: errors }),
    handler: async (request, reply) => {
      await clipsService.deleteClip(ctx, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeFrom(api.toggleFavorite, { ...owner, response: errors }),
    handler: async (request) => clipsService.toggleFavorite(ctx, request.actor, request.params.id),
  });

  // The same upload two ways: a multipart form (`POST`), or the file as the whole body (`PUT`), which the
  // web app sends because it streams to storage unparsed.
  app.route({
    ...routeFrom(
      { ...api.uploadFile, method: ['POST', 'PUT'] },
      {
        ...owner,
        consumes: ['multipart/form-data', RAW_UPLOAD_CONTENT_TYPE],
        // 409: the clip already holds MAX_FILES_PER_CLIP files.
        response: { ...errors, 409: ErrorBody, 415: ErrorBody },
      },
    ),
    config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { file } = await receiveFile(request, reply, (incoming) =>
        clipsService.addClipFile(ctx, request.actor, request.params.id, incoming),
      );
      return reply.status(201).send({ url: file.url, file });
    },
  });

  app.route({
    ...routeFrom(api.updateShare, { ...owner, response: errors }),
    handler: async (request) => clipShare.updateShare(ctx, request.actor, request.params.id, request.body),
  });

  app.route({
    ...routeFrom(api.removeShare, { ...owner, response: errors }),
    handler: async (request, reply) => {
      await clipShare.removeShare(ctx, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeFrom(api.views, { ...owner, response: errors }),
    handler: async (request) => ({ views: await clipShare.getViewLog(ctx, request.actor, request.params.id) }),
  });

  app.route({
    ...routeFrom(api.removeFile, { ...owner, response: errors }),
    handler: async (request, reply) => {
      await clipsService.deleteClipFile(ctx, request.actor, request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  });
};
