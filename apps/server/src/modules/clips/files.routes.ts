import { ResourceId } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../lib/stored-file-reply';
import type { ClipsContext } from './clips.context';
import * as clipsService from './clips.service';

export const filesRoutes: FastifyPluginAsyncZod<{ ctx: ClipsContext }> = async (app, { ctx }) => {
  app.get(
    '/:fileId/:name',
    { schema: { tags: ['clips'], params: z.object({ fileId: ResourceId, name: z.string() }) } },
    async (request, reply) => {
      const { file, body } = await clipsService.openClipFile(ctx, request.actor, request.params.fileId);
      return sendStoredFile(reply, file, body);
    },
  );
};
