import { KEY_BYTES, ShareKey, unwrapClipKey, wrapClipKey } from '@clipsync/shared/crypto';

/**
 * Sealed clips' own keys (docs/encryption.md#account-keys), opened with the account's sealing key. A clip's key
 * never changes, so each wrapped key is opened once a page: the lists, the clip's page and live updates share it.
 * Per sealing key, so a key locked and unlocked again (or another account's) never finds another's keys.
 */
const openedKeys = new WeakMap<CryptoKey, Map<string, Promise<ShareKey>>>();
/** The keys already opened, for a render that must not wait (a card's text when its key is known). */
const readyKeys = new WeakMap<CryptoKey, Map<string, ShareKey>>();

function keysOf<T>(cache: WeakMap<CryptoKey, Map<string, T>>, sealingKey: CryptoKey): Map<string, T> {
  let keys = cache.get(sealingKey);
  if (!keys) cache.set(sealingKey, (keys = new Map()));
  return keys;
}

/** The clip key in `wrappedKey`; rejects with a DecryptError when it does not open (another account, altered). */
export function openClipKey(sealingKey: CryptoKey, wrappedKey: string): Promise<ShareKey> {
  const opened = keysOf(openedKeys, sealingKey);
  let key = opened.get(wrappedKey);
  if (!key) {
    key = unwrapClipKey(sealingKey, wrappedKey).then((bytes) => {
      const shareKey = new ShareKey(bytes);
      keysOf(readyKeys, sealingKey).set(wrappedKey, shareKey);
      return shareKey;
    });
    opened.set(wrappedKey, key);
  }
  return key;
}

/** The clip key in `wrappedKey` if it was opened already on this page. */
export const openedClipKeyOf = (sealingKey: CryptoKey, wrappedKey: string): ShareKey | undefined =>
  readyKeys.get(sealingKey)?.get(wrappedKey);

/** A new sealed clip's key, and the copy of it the server keeps (wrapped by the sealing key). */
export async function newClipKey(sealingKey: CryptoKey): Promise<{ key: ShareKey; wrappedKey: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  const wrappedKey = await wrapClipKey(sealingKey, bytes);
  const key = new ShareKey(bytes);
  keysOf(readyKeys, sealingKey).set(wrappedKey, key);
  keysOf(openedKeys, sealingKey).set(wrappedKey, Promise.resolve(key));
  return { key, wrappedKey };
}
