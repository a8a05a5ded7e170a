import type { ShareFrom } from './share-source';

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

/** A share as it waits: each post is kept on its own, with when and from where it came, until saved or discarded. */
export interface WaitingShare extends Share {
  id: number;
  /** When the worker kept it (epoch milliseconds). */
  receivedAt: number;
  /** The site that posted it (share-source.ts); `undefined` for a share kept before senders were recorded. */
  from: ShareFrom | undefined;
}

/**
 * How many shares may wait. Any site can post to /share-target, so the inbox is bounded; a share over the
 * bound is refused and the user told (`?not-received=full`), and none that waits is ever pushed out: a site
 * that posts eleven times cannot flush what the user shared themselves.
 */
export const MAX_WAITING_SHARES = 10;

export type KeepOutcome = 'kept' | 'full';

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
  id?: number;
  receivedAt: number;
  /** Absent on a share moved from the one-share inbox of version 1. */
  from?: ShareFrom;
  files: StoredFile[];
}

const toStoredFiles = (files: File[]): StoredFile[] =>
  files.map((file) => ({ name: file.name, type: file.type, lastModified: file.lastModified, blob: file }));
const fromStored = ({ id, from, files, ...stored }: StoredShare & { id: number }): WaitingShare => ({
  ...stored,
  id,
  from,
  files: files.map(({ name, type, lastModified, blob }) => new File([blob], name, { type, lastModified })),
});

const DB_NAME = 'clipsync-share-inbox';
const DB_VERSION = 2;
const STORE = 'waiting';
/** Version 1 kept one share under one key, a newer post replacing it. */
const V1_STORE = 'shares';
const V1_KEY = 'pending';

function openInbox(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      const waiting = db.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      if (event.oldVersion < 1) return;
      // A share that waited in version 1 moves over, sender unknown, rather than being lost to the upgrade.
      const upgrade = request.transaction;
      const legacy = upgrade?.objectStore(V1_STORE).get(V1_KEY);
      if (!legacy) return;
      legacy.onsuccess = () => {
        const share = legacy.result as (Omit<StoredShare, 'receivedAt'> & { receivedAt?: number }) | undefined;
        if (share) waiting.add({ ...share, receivedAt: share.receivedAt ?? Date.now() });
        db.deleteObjectStore(V1_STORE);
      };
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

/** Runs `work` in one transaction and resolves with what it set once the transaction has committed. */
async function inTransaction<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore, settle: (value: T) => void) => void,
): Promise<T | undefined> {
  const db = await openInbox();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      let value: T | undefined;
      work(transaction.objectStore(STORE), (settled) => (value = settled));
      transaction.oncomplete = () => resolve(value);
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
export { shareContent } from '@clipsync/shared/service-worker';

/**
 * Keeps a share beside those already waiting, or refuses it when MAX_WAITING_SHARES wait. The count and the
 * add are one transaction, so two posts at once cannot both take the last place.
 */
export async function keepShare(share: Share, from: ShareFrom, receivedAt = Date.now()): Promise<KeepOutcome> {
  const outcome = await inTransaction<KeepOutcome>('readwrite', (store, settle) => {
    const count = store.count();
    count.onsuccess = () => {
      if (count.result >= MAX_WAITING_SHARES) return settle('full');
      const stored: StoredShare = { ...share, receivedAt, from, files: toStoredFiles(share.files) };
      store.add(stored);
      settle('kept');
    };
  });
  if (!outcome) throw new Error('The share inbox did not answer');
  return outcome;
}

/** Every waiting share, oldest first, without removing any: each goes only once its clip is made or it is discarded. */
export async function listWaitingShares(): Promise<WaitingShare[]> {
  const stored = await inTransaction<StoredShare[]>('readonly', (store, settle) => {
    const all = store.getAll();
    all.onsuccess = () => settle(all.result as StoredShare[]);
  });
  return (stored ?? [])
    .filter((share): share is StoredShare & { id: number } => typeof share.id === 'number')
    .map(fromStored)
    .sort((a, b) => a.receivedAt - b.receivedAt || a.id - b.id);
}

export async function forgetShare(id: number): Promise<void> {
  await inTransaction('readwrite', (store) => store.delete(id));
}
