/**
 * The account's clipboard key as this device holds it once unlocked (docs/encryption.md#account-keys): only the
 * sealing key, a non-extractable AES-GCM CryptoKey, and the key's id. Never the account key's bytes, never the
 * passphrase. "Remember on this device" keeps it in IndexedDB (which stores a CryptoKey as itself, still
 * non-extractable); otherwise it lives in this tab's memory until the tab closes. Signing out forgets both.
 */
export interface UnlockedClipboardKey {
  userId: string;
  /** The account key's public id: a remembered key the server no longer names is stale. */
  keyId: string;
  /** Wraps and unwraps sealed clips' own keys. */
  sealingKey: CryptoKey;
  isRemembered: boolean;
}

/** What the screens read: the key for the user it was looked up for (`null`: locked), once looked up. */
export interface UnlockedKeySnapshot {
  userId: string | null;
  key: UnlockedClipboardKey | null;
}

// Stored data, not names in the code: renaming them would forget every remembered key.
const DB_NAME = 'clipsync-clipboard-key';
const STORE = 'sealing-keys';

type RememberedKey = Pick<UnlockedClipboardKey, 'keyId' | 'sealingKey'>;

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

async function withStore<T>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await settle(open);
  try {
    return await settle(request(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

/** A page's store: its memory is the tab's (the tests make a second one to stand for a reloaded page). */
export function createUnlockedKeyStore() {
  let snapshot: UnlockedKeySnapshot = { userId: null, key: null };
  const listeners = new Set<() => void>();

  function publish(next: UnlockedKeySnapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  return {
    /** For `useSyncExternalStore`: the same object until something changes. */
    snapshot: (): UnlockedKeySnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The key this device holds for `userId`: this tab's, else the one remembered on the device, else null. */
    async load(userId: string): Promise<UnlockedClipboardKey | null> {
      if (snapshot.userId === userId && snapshot.key) return snapshot.key;
      const remembered = hasIndexedDb()
        ? await withStore<RememberedKey | undefined>('readonly', (store) => store.get(userId))
        : undefined;
      const key = remembered ? { userId, ...remembered, isRemembered: true } : null;
      publish({ userId, key });
      return key;
    },

    /** Holds an unlocked key: in this tab, and on the device too when remembered (a tab-only key replaces one). */
    async keep(key: UnlockedClipboardKey): Promise<void> {
      if (key.isRemembered) {
        const remembered: RememberedKey = { keyId: key.keyId, sealingKey: key.sealingKey };
        await withStore('readwrite', (store) => store.put(remembered, key.userId));
      } else if (hasIndexedDb()) {
        await withStore('readwrite', (store) => store.delete(key.userId));
      }
      publish({ userId: key.userId, key });
    },

    /** "Lock this device": the key leaves this tab and the device. */
    async lock(userId: string): Promise<void> {
      if (hasIndexedDb()) await withStore('readwrite', (store) => store.delete(userId));
      publish({ userId, key: null });
    },

    /** Signing out: no key of any account stays, in this tab or on the device. */
    async forgetAll(): Promise<void> {
      if (snapshot.userId !== null) publish({ userId: null, key: null });
      if (!hasIndexedDb()) return;
      await settle(indexedDB.deleteDatabase(DB_NAME));
    },
  };
}

export const unlockedKeyStore = createUnlockedKeyStore();
