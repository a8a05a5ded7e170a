/**
 * The ids of the sends already acted on. A send comes again when its acknowledgement was lost (the server
 * repeats it every 30 s and on every connect), once more from the pending list asked at page load, and once
 * to every open tab of the browser (all of them are the session's sockets): it must show one toast, in one
 * tab. Every tab still acknowledges every copy; only the tab that claims an id first acts on it.
 *
 * Across tabs the ids live in localStorage, and the check and the claim run under one Web Lock, so two
 * tabs that get the same send at the same moment cannot both see it unclaimed. A browser without
 * `navigator.locks` (an older one, or any page served over plain http, which is not a secure context) keeps
 * each tab's ids in its sessionStorage instead: every tab acts once, as before.
 */

const STORAGE_KEY = 'clipsync.deviceSends.handled';
const LOCK_NAME = 'clipsync.deviceSends.handled';
/** Enough for any burst a browser meets; the oldest ids go first, long since acknowledged. */
const REMEMBERED_MAX = 200;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The part of the Web Locks API used here: run a callback while holding the origin-wide lock `name`. */
export interface ExclusiveLocks {
  request(name: string, callback: () => boolean): Promise<boolean>;
}

function readIds(storage: KeyValueStorage | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeIds(storage: KeyValueStorage | undefined, ids: string[]): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(ids.slice(-REMEMBERED_MAX)));
  } catch {
    // Storage full or refused (a private window): memory still keeps this page from acting twice.
  }
}

/** One tab's ids, in memory and in `storage` (its sessionStorage, so a reload still knows them). */
export function createHandledSends(storage: KeyValueStorage | undefined) {
  const ids = readIds(storage);
  const known = new Set(ids);
  return {
    /** Notes `id` as handled; true the first time only, so the caller acts on it once. */
    claim(id: string): boolean {
      if (known.has(id)) return false;
      known.add(id);
      ids.push(id);
      while (ids.length > REMEMBERED_MAX) known.delete(ids.shift() ?? '');
      writeIds(storage, ids);
      return true;
    },
  };
}

export type HandledSends = ReturnType<typeof createHandledSends>;

/**
 * The browser's ids, in `shared` (localStorage, seen by every tab of the origin), each check-and-claim under
 * `locks`. `ofThisTab` answers when the lock cannot be had (its request failed): then this tab acts once, as
 * a browser without locks does.
 */
export function createBrowserHandledSends(shared: KeyValueStorage, locks: ExclusiveLocks, ofThisTab: HandledSends) {
  const claimedHere = new Set<string>();
  const claimShared = (id: string): boolean => {
    const ids = readIds(shared);
    if (ids.includes(id)) return false;
    writeIds(shared, [...ids, id]);
    return true;
  };
  return {
    /** Resolves true in the one tab of the browser that claimed `id` first, false in every other and on a repeat. */
    async claim(id: string): Promise<boolean> {
      if (claimedHere.has(id)) return false;
      const isFirst = await locks
        .request(LOCK_NAME, () => claimShared(id))
        .catch((error: unknown) => {
          console.warn('The handled sends could not be locked; this tab decides alone:', error);
          return ofThisTab.claim(id);
        });
      if (isFirst) claimedHere.add(id);
      // Only ours need remembering here: another tab's claim is in the shared list already.
      while (claimedHere.size > REMEMBERED_MAX) claimedHere.delete(claimedHere.values().next().value ?? '');
      return isFirst;
    },
  };
}

export interface BrowserHandledSends {
  claim(id: string): Promise<boolean>;
}

function webLocks(): ExclusiveLocks | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : undefined;
}

function storageNamed(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[name];
  } catch {
    // Reading it throws where the browser blocks site data.
    return undefined;
  }
}

let browserHandledSends: BrowserHandledSends | undefined;

/** This page's one list, made on first use: the browser's where it has Web Locks, else this tab's own. */
export function handledSendsOfThisBrowser(): BrowserHandledSends {
  if (browserHandledSends) return browserHandledSends;
  const ofThisTab = createHandledSends(storageNamed('sessionStorage'));
  const locks = webLocks();
  const shared = storageNamed('localStorage');
  browserHandledSends =
    locks && shared
      ? createBrowserHandledSends(shared, locks, ofThisTab)
      : { claim: (id) => Promise.resolve(ofThisTab.claim(id)) };
  return browserHandledSends;
}
