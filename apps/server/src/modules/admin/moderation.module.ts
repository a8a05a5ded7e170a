import { defineModule } from '../define-module';
import { createModerationContext } from './moderation.context';
import { moderationRoutes, reportRoutes } from './moderation.routes';

/**
 * Moderation: visitors report links (signed out), admins take items down, restore them, or dismiss the
 * reports. The areas that serve links ask moderation.takedowns.service.ts before answering a stranger.
 */
export const moderationModule = defineModule((ctx) => {
  const moderation = createModerationContext(ctx);
  return {
    routes: async (api) => {
      await api.register(reportRoutes, { ctx: moderation });
      await api.register(moderationRoutes, { ctx: moderation });
    },
  };
});
