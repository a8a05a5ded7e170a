import { defineModule } from '../define-module';
import { networkRoutes } from './network.routes';

/** This machine's network origins, for share links opened at localhost. */
export const networkModule = defineModule((ctx) => ({
  routes: async (api) => {
    await api.register(networkRoutes, { config: ctx.config });
  },
}));
