/**
 * The ids of the sends this tab has already acted on. A send comes again when its acknowledgement was lost
 * (the server repeats it every 30 s and on every connect) and once more from the pending list asked at
 * page load: it must show nothing new. Kept in memory and in sessionStorage, so a reload of the tab still
 * knows them; a closed tab forgets, and by then every id it saw was acknowledged.
 */

const STORAGE_KEY = 'clipsync.deviceSends.handled';
/** Enough for any burst a tab meets; the oldest ids go first, long since acknowledged. */
const REMEMBERED_MAX = 200;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function readIds(storage: KeyValueStorage | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

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
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(ids));
      } catch {
        // Storage full or refused (a private window): memory still keeps this page from acting twice.
      }
      return true;
    },
  };
}

export type HandledSends = ReturnType<typeof createHandledSends>;

let tabHandledSends: HandledSends | undefined;

/** This tab's one list, made on first use. */
export function handledSendsOfThisTab(): HandledSends {
  tabHandledSends ??= createHandledSends(typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
  return tabHandledSends;
}
