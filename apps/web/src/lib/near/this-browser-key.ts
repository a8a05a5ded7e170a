import { loadOrCreateDeviceKey, type DeviceKey } from './device-key';
import { indexedDbKeyStore } from './indexed-db-key-store';

const loaded = new Map<string, Promise<{ key: DeviceKey; isNew: boolean }>>();

/**
 * This browser's key for `userId`, loaded (or made) once per page load: the registration, the responder and
 * the prover all sign with the same pair, and two of them asking at once must not make two.
 */
export function thisBrowserKey(userId: string): Promise<{ key: DeviceKey; isNew: boolean }> {
  let found = loaded.get(userId);
  if (!found) {
    // Under a lock of the browser's (where it has them): two tabs starting together must not each make a
    // pair, one of which the server would keep while IndexedDB keeps the other.
    const load = () => loadOrCreateDeviceKey(userId, indexedDbKeyStore);
    found =
      typeof navigator !== 'undefined' && navigator.locks
        ? navigator.locks.request(`clipsync.nearKey.${userId}`, load)
        : load();
    // A failure (storage refused) is not kept: the next caller tries again.
    found.catch(() => loaded.delete(userId));
    loaded.set(userId, found);
  }
  return found;
}
