import { DEVICE_SIGN_IN_ENDPOINTS, DeviceTokenError, ErrorBody } from '@clipsync/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitKeyOf } from '../../lib/address-limit-key';
import { areaRoutes } from '../../lib/api-route';
import * as signInService from './device-sign-in.service';
import type { DeviceSignInContext } from './device-sign-in.context';

const route = areaRoutes({ tags: ['device-sign-in'], access: 'public' });
/** Codes are cheap to ask for but each one waits ten minutes in the database: a few a minute per address. */
const CODES_PER_MINUTE = { max: 10, timeWindow: '1 minute' };
/** Polling every 5 seconds is 12 a minute; twice that leaves room for a retry or two. */
const POLLS_PER_MINUTE = { max: 30, timeWindow: '1 minute' };
const DECISIONS_PER_MINUTE = { max: 30, timeWindow: '1 minute' };

/** The device's side of device sign-in: signed out, limited per address. */
export const signInClientRoutes: FastifyPluginAsyncZod<{ ctx: DeviceSignInContext }> = async (app, { ctx }) => {
  app.route({
    ...route(DEVICE_SIGN_IN_ENDPOINTS.code),
    config: { rateLimit: CODES_PER_MINUTE },
    handler: async (request) =>
      signInService.startDeviceSignIn(ctx, request.body, {
        network: ctx.networkOf(request.raw),
        userAgent: request.headers['user-agent'],
      }),
  });

  app.route({
    ...route(DEVICE_SIGN_IN_ENDPOINTS.token, { response: { 400: DeviceTokenError.or(ErrorBody), 409: ErrorBody } }),
    config: { rateLimit: POLLS_PER_MINUTE },
    handler: async (request, reply) => {
      const answer = await signInService.pollDeviceToken(ctx, request.body.device_code);
      reply.header('cache-control', 'no-store');
      // RFC 8628's refusals are 400s with `error` set to the RFC's value (and `code` as every error here).
      if ('error' in answer) return reply.code(400).send(answer);
      return answer;
    },
  });
};

/** The approving browser's side: signed in with a session (a token has no scope for these). */
export const signInApprovalRoutes: FastifyPluginAsyncZod<{ ctx: DeviceSignInContext }> = async (app, { ctx }) => {
  const signedIn = { access: 'signed-in', response: { 404: ErrorBody } } as const;

  const callerOf = (request: FastifyRequest): signInService.ApprovingCaller => ({
    address: limitKeyOf(request.ip),
    network: ctx.networkOf(request.raw),
  });

  app.route({
    ...route(DEVICE_SIGN_IN_ENDPOINTS.lookup, signedIn),
    config: { rateLimit: DECISIONS_PER_MINUTE },
    handler: async (request) =>
      signInService.lookUpSignInRequest(ctx, request.actor, request.body.userCode, callerOf(request)),
  });

  app.route({
    ...route(DEVICE_SIGN_IN_ENDPOINTS.approve, signedIn),
    config: { rateLimit: DECISIONS_PER_MINUTE },
    handler: async (request) => {
      await signInService.approveSignInRequest(ctx, request.actor, request.body, callerOf(request));
    },
  });

  app.route({
    ...route(DEVICE_SIGN_IN_ENDPOINTS.deny, signedIn),
    config: { rateLimit: DECISIONS_PER_MINUTE },
    handler: async (request) => {
      await signInService.denySignInRequest(ctx, request.actor, request.body.userCode, callerOf(request));
    },
  });
};
