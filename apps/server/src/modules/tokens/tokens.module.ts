import { defineModule } from '../define-module';
import { deviceApprovalRoutes, deviceClientRoutes } from './device.routes';
import { sweepDeviceSignIns } from './device.service';
import { createDeviceContext, createTokensContext } from './tokens.context';
import { currentTokenRoutes, tokensRoutes } from './tokens.routes';

/**
 * Personal access tokens for scripts, the CLI and devices: created, listed and revoked from a signed-in
 * browser, or made by a device sign-in (RFC 8628) the browser approves. Which calls a token may make is checked where every request is authenticated
 * (plugins/authenticate.ts, with token-auth.ts built in app.ts).
 */
export const tokensModule = defineModule((ctx) => {
  const tokens = createTokensContext(ctx);
  const device = createDeviceContext(ctx);
  return {
    routes: async (api) => {
      await api.register(tokensRoutes, { ctx: tokens });
      await api.register(currentTokenRoutes, { ctx: tokens });
      await api.register(deviceClientRoutes, { ctx: device });
      await api.register(deviceApprovalRoutes, { ctx: device });
    },
    jobs: [{ name: 'device-sign-in-sweep', everyMs: 10 * 60_000, run: () => sweepDeviceSignIns(device) }],
  };
});
