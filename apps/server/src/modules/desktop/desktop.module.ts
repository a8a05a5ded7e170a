import { LAN_DESKTOP_ITEM_TTL_MS } from '@clipsync/shared';
import { defineModule } from '../define-module';
import { createDesktopsContext } from './desktop-access';
import { desktopRoutes } from './desktop.routes';
import { sweepExpiredLanItems, sweepIdleLanDesktops } from './desktop.service';
import { registerDesktopSocketHandlers } from './desktop.socket';
import { createMemoryLanRegistry, createRedisLanRegistry } from './lan-registry';
import { registerLanSocketHandlers } from './lan.socket';

const LAN_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The virtual desktop: a user's own, a network's LAN desktop, shared by link; live; LAN peers discovering
 * each other's desktops; and the sweep of old LAN blocks.
 */
export const desktopModule = defineModule((app) => {
  const ctx = createDesktopsContext(app);
  const lanPeers = app.counterRedis
    ? createRedisLanRegistry(app.counterRedis, app.config.lan)
    : createMemoryLanRegistry(app.config.lan);
  return {
    routes: async (api) => {
      await api.register(desktopRoutes, { prefix: '/virtual-desktop', ctx });
    },
    socket: (socket, guards) => {
      registerDesktopSocketHandlers(socket, ctx, guards);
      registerLanSocketHandlers(socket, ctx, lanPeers);
    },
    jobs: [
      {
        name: 'LAN desktop expiry',
        everyMs: LAN_SWEEP_INTERVAL_MS,
        run: async () => {
          const changedBefore = new Date(Date.now() - LAN_DESKTOP_ITEM_TTL_MS);
          return {
            items: await sweepExpiredLanItems(ctx, changedBefore),
            desktops: await sweepIdleLanDesktops(ctx, changedBefore),
          };
        },
      },
    ],
  };
});
