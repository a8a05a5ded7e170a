import { KEY_BYTES, ShareKey, unwrapClipKey, wrapClipKey } from '@clipsync/shared/crypto';

/**
 * Sealed clips' own keys (docs/encryption.md#account-keys), by sealing key then wrapped key: a clip's key never
 * changes, so it is unwrapped once per page however many times its text is opened (the lists, its page, the
 * history's local index, live updates). The ShareKey also keeps the AES key it derived, so opening an edited text
 * again skips the HKDF step. Keyed by the sealing key first, so a key unwrapped for one account (or a key locked
 * and unlocked again) never answers for another in the same tab.
 */
export type ClipKeyCache = WeakMap<CryptoKey, Map<string, Promise<ShareKey>>>;

export const createClipKeyCache = (): ClipKeyCache => new WeakMap();

const pageClipKeys = createClipKeyCache();
/** The keys already opened on this page, for a render that must not wait (a card's text when its key is known). */
const readyKeys = new WeakMap<CryptoKey, Map<string, ShareKey>>();

function keysOf<T>(cache: WeakMap<CryptoKey, Map<string, T>>, sealingKey: CryptoKey): Map<string, T> {
  let keys = cache.get(sealingKey);
  if (!keys) cache.set(sealingKey, (keys = new Map()));
  return keys;
}

/** The clip key in `wrappedKey`; rejects with a DecryptError when it does not open (another account, altered). */
export function clipKeyOf(sealingKey: CryptoKey, wrappedKey: string, cache = pageClipKeys): Promise<ShareKey> {
  const keys = keysOf(cache, sealingKey);
  let key = keys.get(wrappedKey);
  if (!key) {
    key = unwrapClipKey(sealingKey, wrappedKey).then((bytes) => {
      const shareKey = new ShareKey(bytes);
      if (cache === pageClipKeys) keysOf(readyKeys, sealingKey).set(wrappedKey, shareKey);
      return shareKey;
    });
    keys.set(wrappedKey, key);
    // A failure is not kept: nothing is lost by trying again, and a kept rejection would outlive its cause.
    key.catch(() => keys.delete(wrappedKey));
  }
  return key;
}

/** The clip key in `wrappedKey` if this page opened it already. */
export const openedClipKeyOf = (sealingKey: CryptoKey, wrappedKey: string): ShareKey | undefined =>
  readyKeys.get(sealingKey)?.get(wrappedKey);

/** A new sealed clip's key, and the copy of it the server keeps (wrapped by the sealing key). */
export async function newClipKey(sealingKey: CryptoKey): Promise<{ key: ShareKey; wrappedKey: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  const wrappedKey = await wrapClipKey(sealingKey, bytes);
  const key = new ShareKey(bytes);
  keysOf(readyKeys, sealingKey).set(wrappedKey, key);
  keysOf(pageClipKeys, sealingKey).set(wrappedKey, Promise.resolve(key));
  return { key, wrappedKey };
}
