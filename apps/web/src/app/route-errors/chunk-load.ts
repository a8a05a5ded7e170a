/**
 * A route's code that fails to load: offline before the service worker controls the page (a first visit, or
 * plain http on a LAN, where none runs), or an old tab after a deploy, whose chunk names are gone. The router
 * remembers a lazy route's failure for good, so the load is retried here, before the router ever sees it.
 */

/** How the browsers word a module that could not be fetched, and Vite's own for a stylesheet it preloads. */
const CHUNK_LOAD_MESSAGES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite's __vitePreload
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_LOAD_MESSAGES.some((message) => message.test(error.message));
}

/** The module's address when the browser names it (Chromium and Firefox do, Safari does not). */
export function failedModuleUrl(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /(https?:\/\/\S+)/.exec(error.message);
  return match?.[1] ?? null;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits after the first and the second failure: a dropped connection often comes back within them. */
export const RETRY_DELAYS_MS = [400, 1200];

/** `load`, tried again after each of `delays` when its code failed to load; any other failure is not retried. */
export const retryingLoad =
  <T>(load: () => Promise<T>, delays: readonly number[] = RETRY_DELAYS_MS) =>
  async (): Promise<T> => {
    for (const delay of delays) {
      try {
        return await load();
      } catch (error) {
        if (!isChunkLoadError(error)) throw error;
        await wait(delay);
      }
    }
    return load();
  };
