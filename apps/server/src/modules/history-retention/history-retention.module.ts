import { defineModule } from '../define-module';
import { createHistoryRetentionContext } from './history-retention.context';
import { historyRetentionRoutes } from './history-retention.routes';
import { deleteExpiredHistory } from './history-retention.sweep';

const HOUR_MS = 3_600_000;

/**
 * History that forgets on schedule: each user's "Keep my history for" (forever, 30, 7 or 1 day; favourites kept
 * unless chosen), capped for the whole server by CLIP_RETENTION_DAYS or the console; the job deletes what
 * expired every hour, in batches, with its files, and writes one audit entry per run that deleted anything.
 */
export const historyRetentionModule = defineModule((ctx) => {
  const retention = createHistoryRetentionContext(ctx);
  return {
    routes: async (api) => {
      await api.register(historyRetentionRoutes, { ctx: retention });
    },
    jobs: [{ name: 'history retention', everyMs: HOUR_MS, run: () => deleteExpiredHistory(retention) }],
  };
});
