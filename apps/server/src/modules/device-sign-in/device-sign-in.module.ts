import { defineModule } from '../define-module';
import { createDeviceSignInContext } from './device-sign-in.context';
import { signInApprovalRoutes, signInClientRoutes } from './device-sign-in.routes';
import { sweepDeviceSignIns } from './device-sign-in.service';

/**
 * Device sign-in (RFC 8628): a client without a browser (the CLI) asks for a code, a signed-in browser
 * approves it, and the client's polling ends in a personal access token named after it (tokens' issueToken).
 */
export const deviceSignInModule = defineModule((ctx) => {
  const signIn = createDeviceSignInContext(ctx);
  return {
    routes: async (api) => {
      await api.register(signInClientRoutes, { ctx: signIn });
      await api.register(signInApprovalRoutes, { ctx: signIn });
    },
    jobs: [{ name: 'device-sign-in-sweep', everyMs: 10 * 60_000, run: () => sweepDeviceSignIns(signIn) }],
  };
});
