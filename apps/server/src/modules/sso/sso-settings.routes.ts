import { SSO_ENDPOINTS, type SsoSettings } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SsoConfig } from '../../config/sso-config';
import { areaRoutes } from '../../lib/api-route';

const route = areaRoutes({ tags: ['auth'], access: 'public' });

/** What the sign-in pages are told, with or without a provider: whether to show the button, and its words. */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<{ settings: SsoConfig | undefined }> = async (
  app,
  { settings },
) => {
  const answer: SsoSettings = {
    enabled: settings !== undefined,
    buttonText: settings?.buttonText ?? '',
    only: settings?.only ?? false,
  };
  app.route({ ...route(SSO_ENDPOINTS.settings), handler: () => answer });
};
