/**
 * Where things are in desktop/: `desktop.service.ts` (a desktop and its blocks), `lan-desktop.service.ts` (the
 * LAN desktop and its sweeps), `desktop-sharing.service.ts` (share links), `desktop-access.ts`, and the block
 * cap in `desktop-capacity.ts`; `desktop.socket.ts` (their socket events). LAN peers: `lan.socket.ts`, with
 * `lan-registry.ts` in memory or Redis; `lan-near.socket.ts` and `lan-near-proof.ts` prove two peers near
 * without accounts; `lan-nearness.ts` marks a viewer's peers `verified` (its own devices proved near,
 * decision 030) or `unverified`, verified first.
 */
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
 * each other's desktops; and the sweep of old LAN blocks.
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
