import { defineModule } from '../define-module';
import { createBillingContext } from './billing.context';
import { billingConfigRoutes, billingRoutes } from './billing.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/**
 * Paid plans (docs/features.md#payments-stripe): Stripe's hosted checkout and portal, its signed webhooks, and the
 * caller's plan. The plan checks other areas use are built in app.ts (entitlements.service.ts) and reach
 * them through the app context.
 */
export const billingModule = defineModule((ctx) => {
  const billing = createBillingContext(ctx);
  return {
    routes: async (api) => {
      await api.register(billingConfigRoutes, { ctx: billing });
      await api.register(billingRoutes, { ctx: billing });
      await api.register(stripeWebhookRoutes, { ctx: billing });
    },
  };
});
