import { ErrorBody, ROOM_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import { sendStoredFile } from '../../lib/stored-file-reply';
import type { RoomsContext } from './rooms.context';
import * as roomContent from './room-content.service';

/**
 * Room file downloads, apart from the other room routes because a bearer header is not required here: an
 * `<img>` or a download link sends none, so the file's signed link (`file_url`) may stand in for it.
 */
export const roomFileRoutes: FastifyPluginAsyncZod<{ ctx: RoomsContext }> = async (app, { ctx }) => {
  app.route({
    ...routeFrom(ROOM_ENDPOINTS.download, {
      tags: ['rooms'],
      access: 'sign-in-optional',
      // 401: neither a bearer nor the file's signed link.
      response: { 401: ErrorBody, 404: ErrorBody, 410: ErrorBody },
    }),
    handler: async (request, reply) => {
      const { file, body } = await roomContent.openRoomFile(
        ctx,
        request.actor,
        request.params.id,
        request.params.fileId,
        request.query.access,
      );
      return sendStoredFile(reply, file, body);
    },
  });
};
