import type { DevicePublicKeyJwk } from '@clipsync/shared';

/**
 * This browser's nearness key (decision 030): an ECDSA P-256 pair made by WebCrypto, the private key not
 * extractable, kept in IndexedDB (`clipsync-near`, store `keys`, one pair per signed-in user). Only the
 * public half ever leaves the browser (`PUT /api/devices/current/key`).
 */
const DB_NAME = 'clipsync-near';
const STORE = 'keys';
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;

function openKeyDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
  });
}

function inStore<T>(db: IDBDatabase, mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = use(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
  });
}

/** The user's pair in this browser, made and stored on first use (a CryptoKey is stored as is, still not extractable). */
async function keyPairOf(userId: string): Promise<CryptoKeyPair> {
  const db = await openKeyDb();
  try {
    const stored = await inStore<CryptoKeyPair | undefined>(db, 'readonly', (store) => store.get(userId));
    if (stored) return stored;
    const made = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
    await inStore(db, 'readwrite', (store) => store.put(made, userId));
    return made;
  } finally {
    db.close();
  }
}

/** WebCrypto's ECDSA P-256 / SHA-256 signature of `text` (r‖s, 64 bytes), as base64url. */
export async function signWithDeviceKey(userId: string, text: string): Promise<string> {
  const { privateKey } = await keyPairOf(userId);
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    privateKey,
    new TextEncoder().encode(text),
  );
  return toBase64url(new Uint8Array(signature));
}

/** The public half, as the server registers it: the curve point only. */
export async function publicJwkOf(userId: string): Promise<DevicePublicKeyJwk> {
  const { publicKey } = await keyPairOf(userId);
  const { x, y } = await crypto.subtle.exportKey('jwk', publicKey);
  if (!x || !y) throw new Error('Not an EC public key');
  return { kty: 'EC', crv: 'P-256', x, y };
}

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
