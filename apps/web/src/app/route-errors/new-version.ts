/**
 * After a deploy the server holds the new build's files only: an open tab's next chunk answers 404. The page
 * then reloads by itself, once per new version and tab (sessionStorage), so that a build that stays broken
 * shows the error page with its Reload button instead of reloading in a loop.
 */

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The module the page itself started from (index.html's entry): it changes name with every build. */
export const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/i;

export const RELOADED_FOR_KEY = 'clipsync.reloadedForVersion';

/**
 * The new version's name (its entry script) when the server now serves another build than this page's, else
 * null: the failed chunk is gone (404), or index.html starts from another entry. Offline or a server that
 * does not answer is no new version: nothing to reload into.
 */
export async function newVersionOnServer(
  failedUrl: string | null,
  pageEntry: string | null,
  fetchFn: Fetch = fetch,
): Promise<string | null> {
  try {
    const index = await fetchFn('/index.html', { cache: 'no-store' });
    if (!index.ok) return null;
    const serverEntry = ENTRY_SCRIPT.exec(await index.text())?.[1] ?? null;
    if (serverEntry && pageEntry && serverEntry !== pageEntry) return serverEntry;
    if (!failedUrl) return null;
    const chunk = await fetchFn(failedUrl, { method: 'HEAD', cache: 'no-store' });
    // The same entry with a missing chunk: a deploy of the same entry name is still a new set of files.
    return chunk.status === 404 ? (serverEntry ?? failedUrl) : null;
  } catch {
    return null;
  }
}

/** Whether this tab may reload into `version`: not when it already did, so it never reloads in a loop. */
export function claimReloadFor(version: string, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  try {
    if (storage.getItem(RELOADED_FOR_KEY) === version) return false;
    storage.setItem(RELOADED_FOR_KEY, version);
    return true;
  } catch {
    // No storage (a private mode that refuses it): no way to know, so never reload by itself.
    return false;
  }
}
