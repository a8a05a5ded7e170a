import { defineModule } from '../../define-module';
import { createAdminAccountsContext } from './accounts.context';
import { adminAccountsRoutes } from './accounts.routes';

/**
 * The admin console's actions on one account (docs/admin.md#one-account): read it, disable or enable it,
 * delete it with everything it owns, mail it a password reset, grant it a plan, set its quota and role.
 */
export const adminAccountsModule = defineModule((ctx) => {
  const accounts = createAdminAccountsContext(ctx);
  return {
    routes: async (api) => {
      await api.register(adminAccountsRoutes, { ctx: accounts });
    },
  };
});
