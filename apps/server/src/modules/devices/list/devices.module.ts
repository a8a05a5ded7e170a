import { defineModule } from '../../define-module';
import { devicePresenceBroadcasts } from './devices.broadcasts';
import { createDevicesContext } from '../devices.context';
import { devicesRoutes } from './devices.routes';
import { sweepSignedOutDevices } from './devices.service';
import { trackDevicePresence } from './devices.socket';
import { createHttpLastSeen } from './last-seen';

/**
 * The account's devices: each browser or installed app that registered itself and each CLI of a device
 * sign-in, one session each; listed with presence (their sockets), renamed and signed out from a browser.
 */
export const devicesModule = defineModule((ctx) => {
  const devices = createDevicesContext(ctx);
  const noteHttpUse = createHttpLastSeen(devices);
  ctx.events.on('session.used', ({ sessionId }) => noteHttpUse(sessionId));
  return {
    routes: async (api) => {
      await api.register(devicesRoutes, { ctx: devices });
    },
    socket: trackDevicePresence(devices),
    broadcasts: devicePresenceBroadcasts(ctx.realtime.io),
    jobs: [{ name: 'signed-out-devices-sweep', everyMs: 10 * 60_000, run: () => sweepSignedOutDevices(devices) }],
  };
});
