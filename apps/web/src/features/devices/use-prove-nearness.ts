import type { Device } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { registerKeyOnce } from '../../api/device-key-registration';
import { useDeviceCache } from '../../api/device-queries';
import { thisBrowserKey } from '../../lib/near/this-browser-key';
import { proveNearness } from '../../realtime/prove-nearness';
import { useSocket } from '../../realtime/socket-context';
import { useAuth } from '../../session/auth-context';

/** "Check if nearby": proves this device near `device`; the list then shows the pair's `nearUntil`. */
export function useProveNearness(device: Device) {
  const { socket } = useSocket();
  const { user } = useAuth();
  const cache = useDeviceCache();
  return useMutation({
    mutationFn: async () => {
      const thisDevice = cache.currentDevice();
      if (!socket || !user || !thisDevice) throw new Error('This device is not connected yet');
      // The server asks both keys for a challenge: this one may still be on its way.
      await registerKeyOnce(user.id, thisDevice);
      const { key } = await thisBrowserKey(user.id);
      return proveNearness({ socket, thisDeviceId: thisDevice.id, deviceId: device.id, key });
    },
    onSuccess: () => void cache.refetchList(),
  });
}
