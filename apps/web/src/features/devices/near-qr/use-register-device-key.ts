import type { Device } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDeviceCache } from '../../../api/device-queries';
import { nearnessApi } from '../../../api/nearness-api';
import { publicJwkOf } from '../../../lib/near/device-key';
import { useAuth } from '../../../session/auth-context';

/**
 * Registers this browser's public key when the server has none for it (`hasKey: false` on the current
 * device), once per page: a device without a key can neither show a code nor be shown one. Registering
 * again when it has one would end its proofs, so it is never done then.
 */
export function useRegisterDeviceKey(devices: readonly Device[] | undefined): void {
  const { user } = useAuth();
  const cache = useDeviceCache();
  const userId = user?.id;
  const { mutate } = useMutation({
    mutationFn: async (forUser: string) => nearnessApi.registerKey({ publicKey: await publicJwkOf(forUser) }),
    onSuccess: () => void cache.refetchList(),
  });
  const needsKey = devices?.some((device) => device.current && device.hasKey === false) ?? false;
  const hasAsked = useRef(false);
  useEffect(() => {
    if (!needsKey || !userId || hasAsked.current) return;
    hasAsked.current = true;
    mutate(userId);
  }, [needsKey, userId, mutate]);
}
