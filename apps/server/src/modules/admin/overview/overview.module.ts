import { defineModule } from '../../define-module';
import { overviewRoutes } from './overview.routes';
import { settingsRoutes } from '../settings/settings.routes';

/**
 * The admin console's Overview (the instance's figures and health) and Settings (who may sign up, when the
 * environment leaves it to the console; the sign-up rule reads the same settings through settings.service.ts).
 */
export const adminOverviewModule = defineModule((ctx) => ({
  routes: async (api) => {
    await api.register(overviewRoutes, { ctx });
    await api.register(settingsRoutes, { ctx });
  },
}));
