/**
 * What the phone's share sheet sent, kept in IndexedDB between the service worker that receives the POST
 * and the signed-in app that turns it into a clip. IndexedDB, not memory or localStorage: files are Blobs,
 * and a share made while signed out must outlive the sign-in (and a reload) before it is saved.
 */
export interface Share {
  title: string;
  text: string;
  url: string;
  files: File[];
}

/**
 * A file as stored: its Blob and, beside it, what a File carries on top, which not every structured clone
 * keeps (a File stored in IndexedDB may come back as a plain Blob).
 */
interface StoredFile {
  name: string;
  type: string;
  lastModified: number;
  blob: Blob;
}
interface StoredShare extends Omit<Share, 'files'> {
  files: StoredFile[];
}

const toStored = (share: Share): StoredShare => ({
  ...share,
  files: share.files.map((file) => ({ name: file.name, type: file.type, lastModified: file.lastModified, blob: file })),
});
const fromStored = (stored: StoredShare): Share => ({
  ...stored,
  files: stored.files.map(({ name, type, lastModified, blob }) => new File([blob], name, { type, lastModified })),
});

const DB_NAME = 'clipsync-share-inbox';
const STORE = 'shares';
/** One share waits at a time: a newer one replaces what was never picked up. */
const KEY = 'pending';

function openInbox(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

async function inTransaction<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest | undefined,
): Promise<T | undefined> {
  const db = await openInbox();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request?.result as T | undefined);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Reads a share sheet's form (the manifest's `share_target` params) into a Share. */
export function shareFromForm(form: FormData): Share {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const files = form.getAll('files').filter((value): value is File => typeof value !== 'string' && value.size > 0);
  return { title: field('title'), text: field('text'), url: field('url'), files };
}

export function isEmptyShare(share: Share): boolean {
  return !share.title && !share.text && !share.url && share.files.length === 0;
}

/** The clip's text, by the one rule the server's share claims follow too. */
export { shareContent } from '@clipsync/shared';

export async function keepShare(share: Share): Promise<void> {
  await inTransaction('readwrite', (store) => store.put(toStored(share), KEY));
}

/** The waiting share, if any, without removing it: it goes only once its clip is made. */
export async function peekShare(): Promise<Share | undefined> {
  const stored = await inTransaction<StoredShare>('readonly', (store) => store.get(KEY));
  return stored && fromStored(stored);
}

export async function forgetShare(): Promise<void> {
  await inTransaction('readwrite', (store) => store.delete(KEY));
}
