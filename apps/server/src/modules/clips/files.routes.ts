import { CLIP_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import { sendStoredFile } from '../../lib/stored-file-reply';
import type { ClipsContext } from './clips.context';
import * as clipsService from './clips.service';

/** Clip file downloads: whoever may read the clip may read its files. */
export const filesRoutes: FastifyPluginAsyncZod<{ ctx: ClipsContext }> = async (app, { ctx }) => {
  app.route({
    ...routeFrom(CLIP_ENDPOINTS.download, {
      tags: ['clips'],
      access: 'sign-in-optional',
      ranges: true,
      // 402: a link works only while its owner's plan includes sharing (clip-access.ts).
      response: { 402: ErrorBody, 404: ErrorBody, 410: ErrorBody },
    }),
    handler: async (request, reply) => {
      const { file, body, range } = await clipsService.openClipFile(
        ctx,
        request.actor,
        request.params.fileId,
        request.query.access,
        request.headers.range,
      );
      return sendStoredFile(reply, file, body, { range });
    },
  });
};
