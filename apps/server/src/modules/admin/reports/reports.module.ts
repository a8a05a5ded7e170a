import { defineModule } from '../../define-module';
import { takedownBroadcasts } from './reports.broadcasts';
import { createModerationContext } from './reports.context';
import { mailAdminsOfReports, REPORT_MAIL_CHECK_EVERY_MS } from './reports.notices';
import { moderationRoutes, reportRoutes } from './reports.routes';

/**
 * Moderation: visitors report links (signed out), admins take items down, restore them, or dismiss the
 * reports. The areas that serve links ask moderation/takedowns.service.ts before answering a stranger.
 * Its job mails the admins of reports that came in while their last mail was too recent to send another.
 */
export const moderationModule = defineModule((ctx) => {
  const moderation = createModerationContext(ctx);
  return {
    routes: async (api) => {
      await api.register(reportRoutes, { ctx: moderation });
      await api.register(moderationRoutes, { ctx: moderation });
    },
    broadcasts: takedownBroadcasts(ctx.realtime.io),
    jobs: [{ name: 'report-mails', everyMs: REPORT_MAIL_CHECK_EVERY_MS, run: () => mailAdminsOfReports(moderation) }],
  };
});
