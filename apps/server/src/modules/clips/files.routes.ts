import { ResourceId } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition';
import * as clipsService from './clips.service';

/** Images a browser may show inline; SVG is excluded because it can carry script. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

export const filesRoutes: FastifyPluginAsyncZod<{ ctx: clipsService.ClipsContext }> = async (app, { ctx }) => {
  app.get(
    '/:fileId/:name',
    { schema: { tags: ['clips'], params: z.object({ fileId: ResourceId, name: z.string() }) } },
    async (request, reply) => {
      const { file, body } = await clipsService.openClipFile(ctx, request.actor, request.params.fileId);
      const isInline = INLINE_TYPES.has(file.type);
      return reply
        .header('Content-Type', isInline ? file.type : 'application/octet-stream')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(isInline ? 'inline' : 'attachment', file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=3600')
        .send(body);
    },
  );
};
