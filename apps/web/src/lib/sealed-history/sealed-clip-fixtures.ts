import type { Clip } from '@clipsync/shared';
import { encryptText, ShareKey, wrapClipKey } from '@clipsync/shared/crypto';

/**
 * `base` as a sealed account's device makes a clip (docs/encryption.md#account-keys): a fresh clip key, the text
 * sealed with it, the key wrapped by the account's sealing key. For the tests of this folder.
 */
export async function makeSealedClip(
  text: string,
  sealingKey: CryptoKey,
  base: Clip,
): Promise<{ clip: Clip; key: ShareKey }> {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const key = new ShareKey(bytes);
  const clip: Clip = {
    ...base,
    content: text === '' ? '' : await encryptText(text, key),
    encrypted: true,
    wrappedKey: await wrapClipKey(sealingKey, bytes),
  };
  return { clip, key };
}

/** The same moment plus `minutes`, as the server writes times: later minutes are newer clips. */
export const minutesIn = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 0, minutes)).toISOString();
