import { createContext, useContext, useMemo } from 'react';
import { useAuth } from '../../../session/auth-context';
import { deviceKeySigner, type DeviceSigner } from './sign-with-device-key';

/** Tests (and any other signer) provide theirs here; without one, the signed-in user's device key signs. */
export const DeviceSignerContext = createContext<DeviceSigner | null>(null);

export function useDeviceSigner(): DeviceSigner {
  const provided = useContext(DeviceSignerContext);
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useMemo(() => provided ?? deviceKeySigner(userId), [provided, userId]);
}
