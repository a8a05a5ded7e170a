import { CLIPBOARD_KEY_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../lib/api-route';
import type { ClipboardKeyContext } from './clipboard-key.context';
import * as keys from './clipboard-key.service';

const route = areaRoutes({ tags: ['clipboard-key'], access: 'signed-in' });
/** A wrong proof, the lock after too many, and a clipboard that is not sealed. */
const proved = { 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** The caller's end-to-end encrypted clipboard key: wrapped copies only (docs/api.md#clipboard-key-calls). */
export const clipboardKeyRoutes: FastifyPluginAsyncZod<{ ctx: ClipboardKeyContext }> = async (app, { ctx }) => {
  app.route({
    ...route(CLIPBOARD_KEY_ENDPOINTS.status),
    handler: (request) => keys.getClipboardKeyStatus(ctx, request.actor),
  });

  app.route({
    ...route(CLIPBOARD_KEY_ENDPOINTS.enable, { response: { 409: ErrorBody } }),
    handler: (request) => keys.enableClipboardKey(ctx, request.actor, request.body),
  });

  app.route({
    ...route(CLIPBOARD_KEY_ENDPOINTS.unlock, { response: proved }),
    handler: (request) => keys.unlockClipboardKey(ctx, request.actor, request.body),
  });

  app.route({
    ...route(CLIPBOARD_KEY_ENDPOINTS.changePassphrase, { response: proved }),
    handler: (request) => keys.changeClipboardPassphrase(ctx, request.actor, request.body),
  });

  app.route({
    // 409 CLIPBOARD_SEALED: clips are still sealed by the key (a device unseals them first).
    ...route(CLIPBOARD_KEY_ENDPOINTS.disable, { response: { ...proved, 409: ErrorBody } }),
    handler: async (request) => {
      await keys.disableClipboardKey(ctx, request.actor, request.body);
    },
  });
};
