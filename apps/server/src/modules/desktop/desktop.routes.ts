import multipart from '@fastify/multipart';
import {
  CreateDesktopTextRequest,
  Desktop,
  DesktopFileParams,
  DesktopFileQuery,
  DesktopItem,
  DesktopItemParams,
  DesktopShareParams,
  DesktopShareResult,
  DesktopTarget,
  DesktopUploadFields,
  ErrorBody,
  LanDataQuery,
  LanDataResponse,
  RAW_UPLOAD_CONTENT_TYPE,
  UpdateDesktopItemRequest,
  UpdateDesktopLayoutRequest,
  UPLOADS_PER_MINUTE,
} from '@clipsync/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const tags = ['virtual-desktop'];
/** Share-token lookups (ARCHITECTURE §7): enough for a person refreshing, far too few to guess a token. */
const SHARED_LOOKUPS_PER_MINUTE = 60;

const callerOf = (request: FastifyRequest): DesktopCaller => ({ actor: request.actor, address: request.ip });

/**
 * SPEC §7 Virtual desktop. No sign-in required: signed out, calls act on the caller's network's LAN
 * desktop, and with `desktopId` (a share token) on that desktop (desktop-access.ts decides which).
 */
export const desktopRoutes: FastifyPluginAsyncZod<{ ctx: DesktopsContext }> = async (app, { ctx }) => {
  await app.register(multipart, UPLOAD_MULTIPART_OPTIONS);
  acceptRawUploads(app);

  app.get(
    '/',
    {
      schema: { tags, response: { 200: Desktop, ...errors } },
      serializerCompiler: plainJsonFor200,
      onSend: sendRemembered,
    },
    async (request) => desktopService.getDesktop(ctx, callerOf(request)),
  );

  app.get(
    '/lan-data',
    { schema: { tags, querystring: LanDataQuery, response: { 200: LanDataResponse, ...errors } } },
    async (request) => lanDesktop.getLanData(ctx, callerOf(request), request.query.desktopId),
  );

  app.get(
    '/shared/:token',
    {
      config: { rateLimit: { max: SHARED_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, params: DesktopShareParams, response: { 200: Desktop, ...errors } },
      serializerCompiler: plainJsonFor200,
      onSend: sendRemembered,
    },
    async (request) => desktopService.getDesktop(ctx, callerOf(request), request.params.token),
  );

  app.post(
    '/items/text',
    { schema: { tags, body: CreateDesktopTextRequest, response: { 201: DesktopItem, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await desktopService.addText(ctx, callerOf(request), request.body)),
  );

  app.post(
    '/items/file',
    {
      config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: DesktopItem, ...errors } },
    },
    async (request, reply) => {
      const item = await receiveOneFile(request, reply, async (part) => {
        const fields = DesktopUploadFields.safeParse(fieldValues(part));
        if (!fields.success) throw new AppError('VALIDATION_FAILED', 'Invalid desktopId, x or y');
        const { desktopId, x, y } = fields.data;
        const file = { name: part.filename, type: part.mimetype, stream: part.file, position: { x, y } };
        return desktopService.addFile(ctx, callerOf(request), file, desktopId);
      });
      return reply.status(201).send(item);
    },
  );

  // The same upload with the file as the whole body (issue 14); the multipart fields go in the query.
  app.put(
    '/items/file',
    {
      config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        querystring: DesktopUploadFields,
        consumes: [RAW_UPLOAD_CONTENT_TYPE],
        response: { 201: DesktopItem, ...errors, 415: ErrorBody },
      },
    },
    async (request, reply) => {
      const { desktopId, x, y } = request.query;
      const item = await receiveRawFile(request, reply, (raw) =>
        desktopService.addFile(ctx, callerOf(request), { ...raw, position: { x, y } }, desktopId),
      );
      return reply.status(201).send(item);
    },
  );

  app.patch(
    '/items',
    { schema: { tags, body: UpdateDesktopLayoutRequest, response: { 200: z.array(DesktopItem), ...errors } } },
    async (request) => desktopService.saveLayout(ctx, callerOf(request), request.body.items, request.body.desktopId),
  );

  app.patch(
    '/items/:id',
    {
      schema: {
        tags,
        params: DesktopItemParams,
        body: UpdateDesktopItemRequest,
        response: { 200: DesktopItem, ...errors },
      },
    },
    async (request) => {
      const { position, size, desktopId } = request.body;
      return desktopService.moveItem(ctx, callerOf(request), request.params.id, { position, size }, desktopId);
    },
  );

  app.delete(
    '/items/:id',
    {
      schema: { tags, params: DesktopItemParams, querystring: DesktopTarget, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await desktopService.deleteItem(ctx, callerOf(request), request.params.id, request.query.desktopId);
      return reply.status(204).send(null);
    },
  );

  app.post('/share', { schema: { tags, response: { 200: DesktopShareResult, ...errors } } }, async (request) =>
    desktopSharing.rotateShareToken(ctx, callerOf(request)),
  );

  app.delete('/share', { schema: { tags, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await desktopSharing.revokeShareToken(ctx, callerOf(request));
    return reply.status(204).send(null);
  });

  app.get(
    '/files/:id/:name',
    { schema: { tags, params: DesktopFileParams, querystring: DesktopFileQuery } },
    async (request, reply) => {
      const { file, body } = await desktopService.openFile(ctx, request.params.id, request.query.access);
      return sendStoredFile(reply, file, body);
    },
  );
};
