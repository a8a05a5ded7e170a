import { ErrorBody, SameOriginPath, SSO_ENDPOINTS, type SsoRefusalCode } from '@clipsync/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../lib/api-route';
import type { SsoContext } from './sso.context';
import { startSsoLogin } from './sso-logins';
import { SsoRefusal } from './sso-refusal';
import { finishSsoLogin } from './sso.service';
import { completeSsoHandoff, storeSsoHandoff } from './sso-handoff';
import {
  clearHandoffCookie,
  clearStateCookie,
  handoffCookieOf,
  setHandoffCookie,
  setStateCookie,
  stateCookieOf,
} from './sso-state-cookie';

/** The web's pages a sign-in through the provider ends on. */
const COMPLETION_PAGE = '/auth/sso';
const REFUSAL_PAGE = '/auth/sso-error';

/** Where the sign-in lands: a path of this site only, else the dashboard. */
function returnPathOf(returnTo: string | undefined): string {
  const path = SameOriginPath.safeParse(returnTo);
  return path.success ? path.data : '/dashboard';
}

const route = areaRoutes({ tags: ['auth'], access: 'public' });
const api = SSO_ENDPOINTS;

/** The refusal page with its code; the reason (never shown to the user) goes to the log. */
function refuse(ctx: SsoContext, reply: FastifyReply, error: unknown, status: number): FastifyReply {
  if (!(error instanceof SsoRefusal)) throw error;
  ctx.log.warn({ code: error.code, reason: error.reason }, 'SSO sign-in refused');
  return reply.redirect(`${REFUSAL_PAGE}?code=${refusalCode(error.code)}`, status);
}
const refusalCode = (code: SsoRefusalCode) => encodeURIComponent(code);

/** The provider's doors: start and callback, both top-level browser navigations. */
export const ssoRoutes: FastifyPluginAsyncZod<{ ctx: SsoContext }> = async (app, { ctx }) => {
  const PER_IP = { max: ctx.attemptsPerIp, timeWindow: '15 minutes' };

  app.route({
    ...route(api.start, { handlesBadInput: true }),
    config: { rateLimit: PER_IP },
    handler: async (request, reply) => {
      try {
        if (request.validationError) throw new SsoRefusal('invalid_link', request.validationError.message);
        const started = await startSsoLogin(ctx, { returnTo: returnPathOf(request.query.returnTo) });
        setStateCookie(reply, ctx.publicUrl, started.state);
        return reply.redirect(started.url, api.start.status);
      } catch (error) {
        return refuse(ctx, reply, error, api.start.status);
      }
    },
  });

  app.route({
    ...route(api.callback, { handlesBadInput: true }),
    config: { rateLimit: PER_IP },
    handler: async (request, reply) => {
      clearStateCookie(reply, ctx.publicUrl);
      const query = request.url.slice(request.url.indexOf('?') + 1);
      const callbackUrl = new URL(`${ctx.provider.redirectUri}?${request.url.includes('?') ? query : ''}`);
      try {
        // A repeated or unreadable parameter is an answer nobody can check, whoever made it.
        if (request.validationError) throw new SsoRefusal('invalid_response', request.validationError.message);
        const outcome = await finishSsoLogin(ctx, callbackUrl, stateCookieOf(request));
        if (outcome.kind === 'linked') return reply.redirect(outcome.returnTo, api.callback.status);
        // No token in the URL: the session waits for this browser's cookie, so nobody can hand a browser a
        // sign-in of their own (login CSRF) and nothing of it stays in the history.
        setHandoffCookie(reply, ctx.publicUrl, await storeSsoHandoff(ctx.db, outcome.userId, outcome.grant));
        const query = new URLSearchParams({ return_to: outcome.returnTo });
        return reply.redirect(`${COMPLETION_PAGE}?${query.toString()}`, api.callback.status);
      } catch (error) {
        return refuse(ctx, reply, error, api.callback.status);
      }
    },
  });

  app.route({
    ...route(api.complete, { response: { 401: ErrorBody, 403: ErrorBody } }),
    config: { rateLimit: PER_IP },
    handler: async (request, reply) => {
      clearHandoffCookie(reply, ctx.publicUrl);
      return completeSsoHandoff(ctx, handoffCookieOf(request));
    },
  });
};
