import { ErrorBody, SSO_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../lib/actor';
import { areaRoutes } from '../../lib/api-route';
import { AppError } from '../../lib/app-error';
import { accountLinkOf, unlinkIdentity } from './sso-account.service';
import type { SsoContext } from './sso.context';
import { startSsoLogin } from './sso-logins';
import { SsoRefusal } from './sso-refusal';
import { setStateCookie } from './sso-state-cookie';

const route = areaRoutes({ tags: ['auth'], access: 'signed-in' });
const api = SSO_ENDPOINTS;

/** The signed-in account's link to the provider: see it, make it, undo it. */
export const ssoAccountRoutes: FastifyPluginAsyncZod<{ ctx: SsoContext }> = async (app, { ctx }) => {
  app.route({
    ...route(api.link, { response: { 503: ErrorBody } }),
    config: { rateLimit: { max: ctx.attemptsPerIp, timeWindow: '15 minutes' } },
    handler: async (request, reply) => {
      const { userId } = requireSignedIn(request.actor);
      try {
        const started = await startSsoLogin(ctx, {
          returnTo: request.body.returnTo ?? '/settings/sso',
          linkUserId: userId,
        });
        setStateCookie(reply, ctx.publicUrl, started.state);
        return { url: started.url };
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        ctx.log.warn({ code: error.code, reason: error.reason }, 'SSO link refused');
        throw new AppError('SSO_UNAVAILABLE');
      }
    },
  });

  app.route({
    ...route(api.account),
    handler: async (request) => accountLinkOf(ctx, requireSignedIn(request.actor).userId),
  });

  app.route({
    ...route(api.unlink, { response: { 409: ErrorBody } }),
    handler: async (request) => {
      await unlinkIdentity(ctx, requireSignedIn(request.actor).userId);
    },
  });
};
