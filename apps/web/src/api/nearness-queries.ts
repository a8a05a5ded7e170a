import type { Device } from '@clipsync/shared';
import { useQuery } from '@tanstack/react-query';
import { thisBrowserKey } from '../lib/near/this-browser-key';
import { nearnessApi } from './nearness-api';

export const nearnessKeys = {
  registeredKey: (userId: string) => ['nearness', 'key', userId] as const,
};

/**
 * Tells the server this browser's public key once it is a registered device, only when needed: a new key
 * drops every nearness the device had proved (decision 030), so it is sent when the device has none or when
 * this browser had to make a new pair (its storage was cleared).
 */
export function useRegisterDeviceKey(userId: string | undefined, thisDevice: Device | undefined) {
  return useQuery({
    queryKey: nearnessKeys.registeredKey(userId ?? ''),
    queryFn: async () => {
      const { key, isNew } = await thisBrowserKey(userId ?? '');
      if (isNew || !thisDevice?.hasKey) await nearnessApi.registerKey(await key.publicJwk());
      return true;
    },
    enabled: Boolean(userId && thisDevice) && typeof indexedDB !== 'undefined',
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
