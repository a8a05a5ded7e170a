import { thisBrowserKey } from '../../../lib/near/this-browser-key';
import type { DeviceSigner } from './device-signer';

/** This browser's nearness key of the user (lib/near/this-browser-key.ts) as a DeviceSigner. */
export function deviceKeySigner(userId: string): DeviceSigner {
  return { sign: async (text) => (await thisBrowserKey(userId)).key.sign(text) };
}
