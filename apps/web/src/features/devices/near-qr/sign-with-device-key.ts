import { signWithDeviceKey } from '../../../lib/near/device-key';
import type { DeviceSigner } from './device-signer';

/** This browser's nearness key of the user (lib/near/device-key.ts) as a DeviceSigner. */
export function deviceKeySigner(userId: string): DeviceSigner {
  return { sign: (text) => signWithDeviceKey(userId, text) };
}
