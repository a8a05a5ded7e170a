import { defineModule } from '../define-module';
import { clipsRoutes } from './clips.routes';
import { purgeDrafts, type ClipsContext } from './clips.service';
import { registerClipSocketHandlers } from './clips.socket';
import { filesRoutes } from './files.routes';

const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DRAFT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Clips and their files: the clipboard API, downloads, live updates, and the sweep of old drafts. */
export const clipsModule = defineModule((app) => {
  const ctx: ClipsContext = {
    db: app.db,
    events: app.events,
    files: app.files,
    limits: { storageQuotaBytes: app.config.storageQuotaBytes, maxFilesPerClip: app.config.maxFilesPerClip },
    entitlements: app.entitlements,
  };
  return {
    routes: async (api) => {
      await api.register(clipsRoutes, { prefix: '/clipboard', ctx });
      await api.register(filesRoutes, { prefix: '/files', ctx });
    },
    socket: (socket, guards) => registerClipSocketHandlers(socket, ctx, guards),
    jobs: [
      {
        name: 'draft sweep',
        everyMs: DRAFT_SWEEP_INTERVAL_MS,
        run: () => purgeDrafts(ctx, new Date(Date.now() - DRAFT_LIFETIME_MS)),
      },
    ],
  };
});
