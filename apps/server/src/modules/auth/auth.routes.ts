import { AUTH_ENDPOINTS, ErrorBody, REFRESH_TOKEN_HEADER } from '@clipsync/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { linkOriginOf } from '../../lib/link-origin';
import { limitFailures, limitPerBodyField } from '../../lib/attempt-limiter';
import { requireSignedIn } from '../../lib/actor';
import { limitKeyOf } from '../../lib/address-limit-key';
import { areaRoutes } from '../../lib/api-route';
import type { AuthContext } from './auth.context';
import { register } from './account-creation.service';
import * as auth from './auth.service';
import { registrationSettingsOf } from './registration.policy';
import { revokeSession, rotateRefreshToken } from './sessions.service';

/** Per client address: generous for people, tight for scripts. Per e-mail limits guard each account. */
const PER_IP_WINDOW = '15 minutes';

const emailOf = (request: FastifyRequest) => (request.body as { email?: unknown } | undefined)?.email;
const errors = { 401: ErrorBody, 403: ErrorBody };
const RefreshHeaders = z.object({ [REFRESH_TOKEN_HEADER]: z.string().min(1).max(512) });
const route = areaRoutes({ tags: ['auth'], access: 'public' });
const api = AUTH_ENDPOINTS;

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const PER_IP = { max: ctx.attemptsPerIp, timeWindow: PER_IP_WINDOW };
  const perEmail = limitPerBodyField(ctx.attempts.perEmail, 'email');
  const loginFailures = limitFailures([
    {
      limiter: ctx.attempts.loginFailuresPerClient,
      keyOf: (request) => `login-failures:${String(emailOf(request))}:${limitKeyOf(request.ip)}`,
    },
    {
      limiter: ctx.attempts.loginFailuresPerAccount,
      keyOf: (request) => `login-failures:${String(emailOf(request))}`,
    },
  ]);

  app.route({
    ...route(api.register, { response: { ...errors, 404: ErrorBody, 409: ErrorBody } }),
    config: { rateLimit: PER_IP },
    preHandler: [perEmail],
    handler: async (request) => register(ctx, request.body, linkOriginOf(request, ctx)),
  });

  app.route({
    ...route(api.login, { response: { ...errors, 400: ErrorBody } }),
    config: { rateLimit: PER_IP },
    preHandler: [loginFailures.check],
    onSend: async (request, reply) => loginFailures.record(request, reply),
    handler: async (request) => {
      try {
        return await auth.login(ctx, request.body);
      } catch (error) {
        // Under OIDC_ONLY every refused password is this one answer, so every one counts toward the lock: a
        // lock that only admins' addresses reached would tell them apart.
        if (error instanceof AppError && error.code === 'PASSWORD_SIGN_IN_OFF') await loginFailures.count(request);
        throw error;
      }
    },
  });

  app.route({
    ...route(api.refresh, { headers: RefreshHeaders, response: errors }),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request) => {
      const tokens = await rotateRefreshToken(ctx, request.headers[REFRESH_TOKEN_HEADER]);
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: tokens.expires_at };
    },
  });

  app.route({
    ...route(api.forgotPassword, { response: errors }),
    config: { rateLimit: PER_IP },
    preHandler: [perEmail],
    handler: async (request) => auth.forgotPassword(ctx, request.body.email, linkOriginOf(request, ctx)),
  });

  app.route({
    ...route(api.resendConfirmation, { response: errors }),
    config: { rateLimit: PER_IP },
    preHandler: [perEmail],
    handler: async (request) => auth.resendConfirmation(ctx, request.body.email, linkOriginOf(request, ctx)),
  });

  app.route({
    ...route(api.resetPassword, { response: errors }),
    config: { rateLimit: PER_IP },
    handler: async (request) => auth.resetPassword(ctx, request.body.token, request.body.new_password),
  });

  // The mailed confirmation link lands on the confirmation screen without being used: a live one goes on to the
  // sign-in that confirms (decision 039), a confirmed account's shows success, any other says why not.
  app.route({
    ...route(api.confirm),
    config: { rateLimit: PER_IP },
    handler: async (request, reply) => {
      const link = await auth.confirmationLinkState(ctx, request.query.token);
      const target = new URL('/email-confirmation', linkOriginOf(request, ctx));
      if (link === 'live' || link === 'confirmed') {
        target.searchParams.set('token', request.query.token);
      } else if (link === 'expired') {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'Email link is invalid or has expired');
      } else {
        target.searchParams.set('error', 'invalid_request');
        target.searchParams.set('error_description', 'Email confirmation link is invalid or has already been used');
      }
      return reply.redirect(target.toString(), api.confirm.status);
    },
  });

  app.route({
    ...route(api.checkEmailConfirmation, { response: errors }),
    config: { rateLimit: PER_IP },
    handler: async (request) => auth.checkEmailConfirmation(ctx, request.query.token),
  });

  app.route({
    ...route(api.registration),
    handler: () => registrationSettingsOf(ctx.db, ctx.registration, ctx.mailSetup),
  });

  // The caller's own session: signed in.
  const signedIn = { access: 'signed-in' } as const;

  app.route({
    ...route(api.logout, signedIn),
    handler: async (request) => {
      await revokeSession(ctx, requireSignedIn(request.actor).sessionId, 'logout');
      return { message: 'Logged out successfully' };
    },
  });

  app.route({
    ...route(api.me, signedIn),
    handler: async (request) => ({ user: await auth.getCurrentUser(ctx, requireSignedIn(request.actor).userId) }),
  });
};
