import { defineModule } from '../define-module';
import { createTokensContext } from './tokens.context';
import { currentTokenRoutes, tokensRoutes } from './tokens.routes';

/**
 * Personal access tokens for scripts, the CLI and devices: created, listed and revoked from a signed-in
 * browser, or issued by a device sign-in (modules/device-sign-in). Which calls a token may make is checked
 * where every request is authenticated (plugins/authenticate.ts, with token-auth.ts built in app.ts).
 */
export const tokensModule = defineModule((ctx) => {
  const tokens = createTokensContext(ctx);
  return {
    routes: async (api) => {
      await api.register(tokensRoutes, { ctx: tokens });
      await api.register(currentTokenRoutes, { ctx: tokens });
    },
  };
});
