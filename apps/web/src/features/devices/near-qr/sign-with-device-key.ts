import { thisBrowserKey } from '../../../lib/near/this-browser-key';

/** What signs a nearness proof's text with this device's key: base64url of WebCrypto's r‖s signature. */
export interface DeviceSigner {
  sign(text: string): Promise<string>;
}

/** This browser's nearness key of the user (lib/near/this-browser-key.ts) as a DeviceSigner. */
export function deviceKeySigner(userId: string): DeviceSigner {
  return { sign: async (text) => (await thisBrowserKey(userId)).key.sign(text) };
}
