import { BILLING_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import { AppError } from '../../lib/app-error';
import type { BillingContext } from './billing.context';
import { handleStripeWebhook } from './stripe-webhook.service';

/** Stripe's events are small; a subscription with many items stays well under this. */
const WEBHOOK_BODY_LIMIT_BYTES = 1_048_576;

/**
 * Stripe's signed events. The signature covers the exact bytes Stripe sent, so this plugin (and only
 * it: parsers are scoped to their plugin) keeps every body as a Buffer instead of parsing JSON.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ ctx: BillingContext }> = async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    ...routeFrom(BILLING_ENDPOINTS.webhook, { tags: ['billing'], response: { 400: ErrorBody, 503: ErrorBody } }),
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('VALIDATION_FAILED', 'The Stripe event body is missing.');
      await handleStripeWebhook(ctx, request.body, request.headers['stripe-signature']?.toString());
      return { received: true as const };
    },
  });
};
