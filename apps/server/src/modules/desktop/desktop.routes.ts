import multipart from '@fastify/multipart';
import {
  DESKTOP_ENDPOINTS,
  DesktopUploadFields,
  ErrorBody,
  RAW_UPLOAD_CONTENT_TYPE,
  UPLOADS_PER_MINUTE,
} from '@clipsync/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../lib/api-route';
import { AppError } from '../../lib/app-error';
import { plainJsonFor200, sendRemembered } from '../../lib/plain-json-serializer';
import {
  acceptRawUploads,
  fieldValues,
  receiveOneFile,
  receiveRawFile,
  UPLOAD_MULTIPART_OPTIONS,
} from '../../lib/single-upload';
import { sendStoredFile } from '../../lib/stored-file-reply';
import type { DesktopCaller, DesktopsContext } from './desktop.context';
import * as desktopSharing from './desktop-sharing.service';
import * as desktopService from './desktop.service';
import * as lanDesktop from './lan-desktop.service';

const errors = { 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 413: ErrorBody };
/** Signed in or not (desktop-access.ts decides which desktop): a sent bearer is read. */
const route = areaRoutes({ tags: ['virtual-desktop'], access: 'sign-in-optional' });
/** Sharing is of one's own desktop: a signed-out caller is refused before any desktop is looked up. */
const owner = { access: 'signed-in' } as const;
const api = DESKTOP_ENDPOINTS;
/** Share-token lookups: enough for a person refreshing, far too few to guess a token. */
const SHARED_LOOKUPS_PER_MINUTE = 60;

/**
 * The virtual desktop. No sign-in required: signed out, calls act on the caller's network's LAN desktop,
 * and with `desktopId` (a share token) on that desktop (desktop-access.ts decides which).
 */
export const desktopRoutes: FastifyPluginAsyncZod<{ ctx: DesktopsContext }> = async (app, { ctx }) => {
  const callerOf = (request: FastifyRequest): DesktopCaller => ({
    actor: request.actor,
    networkAddress: ctx.networkAddressOf(request.raw),
  });
  await app.register(multipart, UPLOAD_MULTIPART_OPTIONS);
  acceptRawUploads(app);

  app.route({
    ...route(api.get, { response: errors }),
    serializerCompiler: plainJsonFor200,
    onSend: sendRemembered,
    handler: async (request) => desktopService.getDesktop(ctx, callerOf(request)),
  });

  app.route({
    ...route(api.lanData, { response: errors }),
    handler: async (request) => lanDesktop.getLanData(ctx, callerOf(request), request.query.desktopId),
  });

  app.route({
    ...route(api.getShared, { response: errors }),
    config: { rateLimit: { max: SHARED_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
    serializerCompiler: plainJsonFor200,
    onSend: sendRemembered,
    handler: async (request) => desktopService.getDesktop(ctx, callerOf(request), request.params.token),
  });

  app.route({
    ...route(api.addText, { response: errors }),
    handler: (request) => desktopService.addText(ctx, callerOf(request), request.body),
  });

  // The multipart form: `desktopId`, `x` and `y` come as its fields, not in the query.
  app.route({
    ...route(
      { ...api.uploadFile, method: 'POST', query: undefined },
      { consumes: ['multipart/form-data'], uploadFields: DesktopUploadFields, response: errors },
    ),
    config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const item = await receiveOneFile(request, reply, async (part) => {
        const fields = DesktopUploadFields.safeParse(fieldValues(part));
        if (!fields.success) throw new AppError('VALIDATION_FAILED', 'Invalid desktopId, x or y');
        const { desktopId, x, y } = fields.data;
        const file = { name: part.filename, type: part.mimetype, stream: part.file, position: { x, y } };
        return desktopService.addFile(ctx, callerOf(request), file, desktopId);
      });
      return item;
    },
  });

  // The same upload with the file as the whole body, which the web app sends (streamed to storage unparsed).
  app.route({
    ...route(api.uploadFile, {
      consumes: [RAW_UPLOAD_CONTENT_TYPE],
      response: { ...errors, 415: ErrorBody },
    }),
    config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { desktopId, x, y } = request.query;
      const item = await receiveRawFile(request, reply, (raw) =>
        desktopService.addFile(ctx, callerOf(request), { ...raw, position: { x, y } }, desktopId),
      );
      return item;
    },
  });

  app.route({
    ...route(api.saveLayout, { response: errors }),
    handler: async (request) =>
      desktopService.saveLayout(ctx, callerOf(request), request.body.items, request.body.desktopId),
  });

  app.route({
    ...route(api.moveItem, { response: errors }),
    handler: async (request) => {
      const { position, size, desktopId } = request.body;
      return desktopService.moveItem(ctx, callerOf(request), request.params.id, { position, size }, desktopId);
    },
  });

  app.route({
    ...route(api.removeItem, { response: errors }),
    handler: async (request) => {
      await desktopService.deleteItem(ctx, callerOf(request), request.params.id, request.query.desktopId);
    },
  });

  app.route({
    ...route(api.share, { ...owner, response: { ...errors, 402: ErrorBody } }),
    handler: async (request) => desktopSharing.rotateShareToken(ctx, callerOf(request)),
  });

  app.route({
    ...route(api.unshare, { ...owner, response: errors }),
    handler: async (request) => {
      await desktopSharing.revokeShareToken(ctx, callerOf(request));
    },
  });

  app.route({
    // 410: a file link shown under a share link ends with the desktop's takedown (openFile).
    ...route(api.download, { response: { 404: ErrorBody, 410: ErrorBody } }),
    handler: async (request, reply) => {
      const { file, body } = await desktopService.openFile(ctx, request.params.id, request.query.access);
      return sendStoredFile(reply, file, body);
    },
  });
};
