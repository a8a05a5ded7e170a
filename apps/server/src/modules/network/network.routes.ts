import { NETWORK_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { routeFrom } from '../../lib/api-route';
import { isLoopbackAddress, isLoopbackRequest } from '../../lib/loopback';
import { listShareOrigins } from './network.service';

export interface NetworkRoutesOptions {
  /** PUBLIC_URL given or not, and where the server listens (PORT, HOST). */
  config: Pick<AppConfig, 'isPublicUrlSet' | 'port' | 'host'>;
}

export const networkRoutes: FastifyPluginAsyncZod<NetworkRoutesOptions> = async (app, { config }) => {
  app.route({
    ...routeFrom(NETWORK_ENDPOINTS.shareOrigins, {
      tags: ['network'],
      summary: "This machine's network origins for share links (loopback callers without PUBLIC_URL only)",
    }),
    handler: async (request) => {
      // Behind a trusted proxy on this machine every socket is loopback: the client itself must be too.
      const isLocalCaller = isLoopbackRequest(request) && isLoopbackAddress(request.ip);
      const { isPublicUrlSet, port, host } = config;
      return { origins: listShareOrigins({ isLocalCaller, isPublicUrlSet, port, listenHost: host }) };
    },
  });
};
