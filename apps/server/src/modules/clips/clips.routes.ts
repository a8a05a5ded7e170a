import multipart from '@fastify/multipart';
import {
  CLIP_ENDPOINTS,
  ErrorBody,
  RAW_UPLOAD_CONTENT_TYPE,
  SealClipFields,
  UnsealClipFields,
  UPLOADS_PER_MINUTE,
} from '@clipsync/shared';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitKeyOf } from '../../lib/address-limit-key';
import { areaRoutes } from '../../lib/api-route';
import { acceptRawUploads, receiveFile, receiveStoredParts, UPLOAD_MULTIPART_OPTIONS } from '../../lib/single-upload';
import * as clipSeal from './clip-seal.service';
import * as clipHistory from './clip-history.service';
import * as clipShare from './clip-share.service';
import type { ViewerInfo } from './clip-views';
import type { ClipsContext } from './clips.context';
import * as clipsService from './clips.service';
import { plainJsonFor200 } from '../../lib/plain-json-serializer';

const errors = { 401: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const route = areaRoutes({ tags: ['clips'], access: 'signed-in' });
const owner = { response: errors };
/** Whoever holds the link, signed in or not (the owner sees more; a token's scope is checked). */
const linkHolder = { access: 'sign-in-optional' } as const;
/** 402: a link works only while its owner's plan includes sharing (clip-access.ts). */
const linkErrors = { ...errors, 402: ErrorBody, 410: ErrorBody };
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
    ...route(api.get, { ...linkHolder, response: linkErrors }),
    // A remembered answer (shared-clip-answers.ts) is the same object for every reader: encoded once.
    serializerCompiler: plainJsonFor200,
    handler: async (request) =>
      clipsService.getClip(ctx, request.actor, request.params.id, viewerOf(request), {
        isRefresh: request.query.refresh === true,
      }),
  });

  app.route({
    ...route(api.files, { ...linkHolder, response: linkErrors }),
    handler: async (request) => clipsService.listClipFiles(ctx, request.actor, request.params.id),
  });

  // The click on "Show clip": the only call that spends a view.
  app.route({
    ...route(api.open, { ...linkHolder, response: linkErrors }),
    handler: async (request) =>
      clipShare.openClip(ctx, request.actor, request.params.id, {
        password: request.body.password,
        viewer: viewerOf(request),
        addressKey: limitKeyOf(request.ip),
      }),
  });

  // Everything else is the owner's: signed in, then the service asks whose clip it is.
  app.route({
    ...route(api.history, owner),
    handler: async (request, reply) => {
      const page = await clipHistory.listClipHistory(ctx, request.actor, request.query);
      totalHeaders(reply, page);
      return page.clips;
    },
  });

  app.route({
    ...route(api.favorites, owner),
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
    ...route(api.stats, owner),
    handler: async (request) => clipHistory.getClipStats(ctx, request.actor),
  });

  app.route({
    // 409: a plain clip of an account whose clipboard is encrypted end to end (CLIPBOARD_SEALED).
    ...route(api.create, { response: { ...errors, 409: ErrorBody } }),
    handler: (request) => clipsService.createClip(ctx, request.actor, request.body),
  });

  app.route({
    // 409: the clip changed since `version` (EDIT_CONFLICT), or it is a plain clip of an account whose clipboard
    // is encrypted end to end, which takes no save until a device seals it (CLIPBOARD_SEALED).
    ...route(api.update, { response: { ...errors, 409: ErrorBody } }),
    handler: async (request) =>
      clipsService.updateClipContent(ctx, request.actor, request.params.id, request.body.content, request.body.version),
  });

  app.route({
    ...route(api.remove, owner),
    handler: async (request) => {
      await clipsService.deleteClip(ctx, request.actor, request.params.id);
    },
  });

  app.route({
    ...route(api.toggleFavorite, owner),
    handler: async (request) => clipsService.toggleFavorite(ctx, request.actor, request.params.id),
  });

  // The same upload two ways: a multipart form (`POST`), or the file as the whole body (`PUT`), which the
  // web app sends because it streams to storage unparsed.
  app.route({
    ...route(
      { ...api.uploadFile, method: ['POST', 'PUT'] },
      {
        consumes: ['multipart/form-data', RAW_UPLOAD_CONTENT_TYPE],
        // 409: the clip already holds MAX_FILES_PER_CLIP files (TOO_MANY_FILES), was sealed or unsealed while the
        // file streamed (CONFLICT), or is a plain clip of an account whose clipboard is encrypted end to end
        // (CLIPBOARD_SEALED: its name and bytes would be in clear).
        response: { ...errors, 409: ErrorBody, 415: ErrorBody },
      },
    ),
    config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { file } = await receiveFile(request, reply, (incoming) =>
        clipsService.addClipFile(ctx, request.actor, request.params.id, incoming),
      );
      return { url: file.url, file };
    },
  });

  // Sealing a clip, or unsealing it, sends its text and every file again: one multipart form, its files
  // streamed to the store as they come (docs/api.md#sealing-a-clip). 409: the clip or account is not the
  // right way round for it (CONFLICT), or the clip changed since the device read it (EDIT_CONFLICT).
  for (const [endpoint, turn, fields] of [
    [api.seal, clipSeal.sealClip, SealClipFields],
    [api.unseal, clipSeal.unsealClip, UnsealClipFields],
  ] as const) {
    app.route({
      ...route(endpoint, {
        consumes: ['multipart/form-data'],
        // For the document: the text fields, then one file part per stored file, named by the file's id.
        uploadFields: fields.catchall(z.string().describe("A file part, named by the stored file's id")),
        response: { ...errors, 409: ErrorBody, 415: ErrorBody },
      }),
      config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
      handler: async (request, reply) =>
        turn(ctx, request.actor, request.params.id, (options) =>
          receiveStoredParts(request, reply, ctx.files, options),
        ),
    });
  }

  app.route({
    ...route(api.updateShare, owner),
    handler: async (request) => clipShare.updateShare(ctx, request.actor, request.params.id, request.body),
  });

  app.route({
    ...route(api.removeShare, owner),
    handler: async (request) => {
      await clipShare.removeShare(ctx, request.actor, request.params.id);
    },
  });

  app.route({
    ...route(api.views, owner),
    handler: async (request) => ({ views: await clipShare.getViewLog(ctx, request.actor, request.params.id) }),
  });

  app.route({
    // 409: the clip was sealed or unsealed while the removal waited for it.
    ...route(api.removeFile, { response: { ...errors, 409: ErrorBody } }),
    handler: async (request) => {
      await clipsService.deleteClipFile(ctx, request.actor, request.params.id, request.params.fileId);
    },
  });
};
