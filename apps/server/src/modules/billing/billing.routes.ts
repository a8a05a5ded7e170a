import { BILLING_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitKeyOf } from '../../lib/address-limit-key';
import { areaRoutes } from '../../lib/api-route';
import type { BillingContext } from './billing.context';
import * as billingService from './billing.service';

const route = areaRoutes({ tags: ['billing'], access: 'signed-in' });
/** 503: payments are not configured on this server. */
const signedIn = { response: { 409: ErrorBody, 503: ErrorBody } };
/**
 * Each call creates a session at Stripe: plenty for a person changing their mind, too few to flood it.
 * Counted per account, after sign-in is checked (so a household behind one address shares nothing).
 */
const STRIPE_SESSIONS_PER_MINUTE = {
  max: 10,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `stripe-session:${request.actor?.userId ?? limitKeyOf(request.ip)}`,
} as const;

/** Paid plans: Stripe's hosted checkout, its customer portal and the caller's plan (the webhook: stripe-webhook.routes). */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: BillingContext }> = async (app, { ctx }) => {
  app.route({
    ...route(BILLING_ENDPOINTS.checkout, signedIn),
    config: { rateLimit: STRIPE_SESSIONS_PER_MINUTE },
    handler: async (request) => billingService.startCheckout(ctx, request.actor, request.body),
  });

  app.route({
    ...route(BILLING_ENDPOINTS.get, signedIn),
    handler: (request) => billingService.getBilling(ctx, request.actor),
  });

  app.route({
    ...route(BILLING_ENDPOINTS.plan),
    handler: (request) => billingService.getPlanInForce(ctx, request.actor),
  });

  app.route({
    ...route(BILLING_ENDPOINTS.portal, signedIn),
    config: { rateLimit: STRIPE_SESSIONS_PER_MINUTE },
    handler: async (request) => billingService.openPortal(ctx, request.actor),
  });
};

/**
 * What anyone may ask, signed in or not: the landing page's pricing section shows it to every visitor. The
 * web app asks once instead of learning "no payments" from a 503 on every page.
 */
export const billingConfigRoutes: FastifyPluginAsyncZod<{ ctx: BillingContext }> = async (app, { ctx }) => {
  app.route({
    ...route(BILLING_ENDPOINTS.config, { access: 'public' }),
    handler: async () => billingService.getBillingConfig(ctx),
  });
};
