import { defineModule } from '../define-module';
import { expireShares } from './clip-share.service';
import { clipBroadcasts } from './clips.broadcasts';
import { clipsRoutes } from './clips.routes';
import { createClipsContext } from './clips.context';
import { purgeDrafts } from './clips.service';
import { registerClipSocketHandlers } from './clips.socket';
import { filesRoutes } from './files.routes';

const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DRAFT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Expired and spent links keep nothing readable for longer than this (the issue asks: within a minute). */
const SHARE_EXPIRY_INTERVAL_MS = 20 * 1000;

/**
 * Clips and their files: the clipboard API, downloads, live updates, private shares, the sweep of old
 * drafts and the emptying of expired and spent links. Others reach a clip only by its link's id, never its
 * own (clip-access.ts), and what a link allows is read from the clip's row alone, so that every answer
 * says the same; an end-to-end encrypted clip is kept as an envelope the server cannot open.
 */
export const clipsModule = defineModule((ctx) => {
  const clips = createClipsContext(ctx);
  return {
    routes: async (api) => {
      await api.register(clipsRoutes, { ctx: clips });
      await api.register(filesRoutes, { ctx: clips });
      // The views still gathered, written while the database is open: a plugin's onClose runs before the
      // root's, which closes it (clip-view-batch.test.ts restarts on the same DATA_DIR to check).
      api.addHook('onClose', () => clips.viewLog.flush());
    },
    socket: (socket, guards) => registerClipSocketHandlers(socket, clips, guards),
    broadcasts: clipBroadcasts(ctx.realtime.io),
    jobs: [
      {
        name: 'draft sweep',
        everyMs: DRAFT_SWEEP_INTERVAL_MS,
        run: () => purgeDrafts(clips, new Date(Date.now() - DRAFT_LIFETIME_MS)),
      },
      { name: 'share expiry', everyMs: SHARE_EXPIRY_INTERVAL_MS, run: () => expireShares(clips) },
    ],
  };
});
