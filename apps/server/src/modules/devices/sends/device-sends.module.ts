import { defineModule } from '../../define-module';
import { deviceSendBroadcasts } from './device-sends.broadcasts';
import { createDeviceSendsContext } from './device-sends.context';
import { deviceSendsRoutes } from './device-sends.routes';
import { deleteExpiredSends, redeliverUnacknowledged } from './device-sends.service';
import { registerDeviceSendSockets } from './device-sends.socket';

/**
 * Sending text or a clip to the account's own devices (docs/features.md#my-devices): stored, handed to the device's sockets
 * live or when it next connects, handed over again until the device acknowledges it, and deleted after
 * 7 days (decision 028).
 */
export const deviceSendsModule = defineModule((ctx) => {
  const sends = createDeviceSendsContext(ctx);
  return {
    routes: async (api) => {
      await api.register(deviceSendsRoutes, { ctx: sends });
    },
    socket: registerDeviceSendSockets(sends),
    broadcasts: deviceSendBroadcasts(ctx.realtime.io),
    jobs: [
      {
        name: 'device sends redelivery',
        everyMs: ctx.config.deviceSends.scanEveryMs,
        run: () => redeliverUnacknowledged(sends),
      },
      { name: 'device sends expiry', everyMs: 10 * 60_000, run: () => deleteExpiredSends(sends) },
    ],
  };
});
