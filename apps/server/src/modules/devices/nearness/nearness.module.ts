import { defineModule } from '../../define-module';
import { nearnessBroadcasts } from './nearness.broadcasts';
import { createNearnessContext } from './nearness.context';
import { nearnessRoutes } from './nearness.routes';
import { deleteExpiredNearness } from './nearness.service';
import { registerNearnessSockets } from './nearness.socket';

/**
 * Nearness proved by two of the account's own devices (decision 030, docs/features.md#my-devices): the signalling of their
 * host-only WebRTC data channel, their public keys, and the signed challenge that records them near for
 * 12 hours. The server relays what the devices send and never hands out an address.
 */
export const nearnessModule = defineModule((ctx) => {
  const nearness = createNearnessContext(ctx);
  return {
    routes: async (api) => {
      await api.register(nearnessRoutes, { ctx: nearness });
    },
    socket: registerNearnessSockets(nearness),
    broadcasts: nearnessBroadcasts(ctx.realtime.io),
    jobs: [{ name: 'nearness expiry', everyMs: 10 * 60_000, run: () => deleteExpiredNearness(nearness) }],
  };
});
