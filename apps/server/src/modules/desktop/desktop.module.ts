import { LAN_DESKTOP_ITEM_TTL_MS } from '@clipsync/shared';
import { defineModule } from '../define-module';
import { desktopBroadcasts } from './desktop.broadcasts';
import { createDesktopsContext } from './desktop.context';
import { desktopRoutes } from './desktop.routes';
import { sweepExpiredLanItems, sweepIdleLanDesktops } from './lan-desktop.service';
import { registerDesktopSocketHandlers } from './desktop.socket';
import { createMemoryLanRegistry, createRedisLanRegistry } from './lan-registry';
import { registerLanSocketHandlers } from './lan.socket';

const LAN_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The virtual desktop: a user's own, a network's LAN desktop, shared by link; live; LAN peers discovering
 * each other's desktops; and the sweep of old LAN blocks. LAN peers prove themselves near without accounts,
 * and a viewer's peers are listed verified (its own devices, proved near: decision 030) before unverified.
 */
export const desktopModule = defineModule((ctx) => {
  const desktops = createDesktopsContext(ctx);
  const lanPeers = ctx.counterRedis
    ? createRedisLanRegistry(ctx.counterRedis, ctx.config.lan)
    : createMemoryLanRegistry(ctx.config.lan);
  return {
    routes: async (api) => {
      await api.register(desktopRoutes, { ctx: desktops });
    },
    socket: (socket, guards) => {
      registerDesktopSocketHandlers(socket, desktops, guards);
      registerLanSocketHandlers(socket, desktops, lanPeers);
    },
    broadcasts: desktopBroadcasts(ctx.realtime.io),
    jobs: [
      {
        name: 'LAN desktop expiry',
        everyMs: LAN_SWEEP_INTERVAL_MS,
        run: async () => {
          const changedBefore = new Date(Date.now() - LAN_DESKTOP_ITEM_TTL_MS);
          return {
            items: await sweepExpiredLanItems(desktops, changedBefore),
            desktops: await sweepIdleLanDesktops(desktops, changedBefore),
          };
        },
      },
    ],
  };
});
