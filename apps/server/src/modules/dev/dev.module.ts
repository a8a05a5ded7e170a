import { API_BASE, OPS_ENDPOINTS } from '@clipsync/shared';
import { mailDeliveryOf } from '../../mail/mail-delivery';
import { defineModule } from '../define-module';
import { outboxRoutes } from './outbox.routes';

/**
 * Development conveniences: never in production, and for callers on this machine only. With TRUST_PROXY
 * set, visitors arrive through a proxy, so the outbox is not offered at all; only the test runs keep it
 * (the browser journeys play their own proxy), and even there it refuses every forwarded request.
 */
export const devModule = defineModule((ctx) => {
  if (ctx.config.env === 'production' || !ctx.mailer.list) return {};
  if (mailDeliveryOf(ctx.config) !== 'outbox') {
    ctx.log.info('dev outbox off: TRUST_PROXY is set, so visitors reach this server through a proxy');
    return {};
  }
  ctx.log.info(
    `dev outbox at ${API_BASE}${OPS_ENDPOINTS.devOutbox.path} (no SMTP_URL): for requests from this machine only, never through a proxy`,
  );
  return {
    routes: async (api) => {
      await api.register(outboxRoutes, { mailer: ctx.mailer });
    },
  };
});
