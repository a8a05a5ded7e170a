import type { DeviceNearPayload } from '@clipsync/shared';
import { useDeviceCache } from '../api/device-queries';
import { useUserEvent } from './use-user-event';

/**
 * `device:near` comes on the user's own channel when two of their devices proved they are near (whichever
 * posted the proof): the device list refetches (its `nearUntil`), and `onNear`, when given, hears the pair.
 */
export function useDeviceNear(onNear?: (payload: DeviceNearPayload) => void): void {
  const cache = useDeviceCache();
  useUserEvent('device:near', (payload) => {
    void cache.refetchList();
    onNear?.(payload);
  });
}
