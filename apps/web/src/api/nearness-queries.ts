import type { Device } from '@clipsync/shared';
import { useQuery } from '@tanstack/react-query';
import { canProveHere } from '../lib/near/nearness';
import { registerKeyOnce } from './device-key-registration';

export const nearnessKeys = {
  registeredKey: (userId: string, deviceId: string) => ['nearness', 'key', userId, deviceId] as const,
};

/** Registers this browser's key for its device once the device is registered (see registerKeyOnce). */
export function useRegisterDeviceKey(userId: string | undefined, thisDevice: Device | undefined) {
  return useQuery({
    queryKey: nearnessKeys.registeredKey(userId ?? '', thisDevice?.id ?? ''),
    queryFn: async () => {
      if (userId && thisDevice) await registerKeyOnce(userId, thisDevice);
      return true;
    },
    enabled: Boolean(userId && thisDevice) && typeof indexedDB !== 'undefined' && canProveHere(),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
