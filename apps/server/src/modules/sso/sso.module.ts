import type { Database } from '../../db/client';
import { defineModule } from '../define-module';
import { createSsoContext } from './sso.context';
import { sweepExpiredSsoHandoffs } from './sso-handoff';
import { sweepExpiredSsoLogins } from './sso-logins';
import { createSsoRecheck } from './sso-recheck';
import { ssoRoutes } from './sso.routes';
import { ssoAccountRoutes } from './sso-account.routes';
import { ssoSettingsRoutes } from './sso-settings.routes';

const SWEEP_EVERY_MS = 15 * 60_000;

const sweepAll = async (db: Database) => {
  await sweepExpiredSsoLogins(db);
  await sweepExpiredSsoHandoffs(db);
};

/**
 * Sign-in through the team's OpenID Connect provider (docs/sso.md). Without OIDC_* settings only the
 * settings answer exists (SSO off): start and callback are 404, and the provider is never asked anything.
 */
export const ssoModule = defineModule((app) => {
  const ctx = createSsoContext(app);
  // Every refresh of a session started through the provider asks whether the provider still vouches for it.
  if (ctx) app.sessionChecks.register(createSsoRecheck(ctx));
  return {
    routes: async (api) => {
      await api.register(ssoSettingsRoutes, { settings: app.config.sso });
      if (!ctx) return;
      await api.register(ssoRoutes, { ctx });
      await api.register(ssoAccountRoutes, { ctx });
    },
    jobs: ctx ? [{ name: 'sso-logins-sweep', everyMs: SWEEP_EVERY_MS, run: () => sweepAll(ctx.db) }] : [],
  };
});
