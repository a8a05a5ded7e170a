import type { KeyPairStore } from './device-key';

const DB_NAME = 'clipsync-near';
const STORE = 'device-keys';

/** IndexedDB's callbacks as a promise. */
const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return settle(request);
}

/**
 * Key pairs by user id in IndexedDB: a CryptoKey is stored as itself (structured clone), so the private key
 * stays non-extractable, which localStorage (strings only) could not keep.
 */
export const indexedDbKeyStore: KeyPairStore = {
  async get(userId) {
    const db = await openDatabase();
    try {
      const value = (await settle(db.transaction(STORE).objectStore(STORE).get(userId))) as CryptoKeyPair | undefined;
      return value;
    } finally {
      db.close();
    }
  },
  async put(userId, pair) {
    const db = await openDatabase();
    try {
      await settle(db.transaction(STORE, 'readwrite').objectStore(STORE).put(pair, userId));
    } finally {
      db.close();
    }
  },
};
