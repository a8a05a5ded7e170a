/** How the service worker answers one request (sw.ts). */
export type SwStrategy =
  /** Left to the network as if there were no worker: the API, sockets, writes, other sites. */
  | 'network'
  /** The share sheet's POST: kept in IndexedDB for the app (share-inbox.ts). */
  | 'share-target'
  /** A built file whose name changes with its content: the cached copy is the right one. */
  | 'cache-first'
  /** A page, or a file of the same name in every version: fresh when online, the cached copy offline. */
  | 'network-first';

export interface SwRequest {
  method: string;
  url: string;
  mode: RequestMode;
}

export const SHARE_TARGET_PATH = '/share-target';
/** The app page that turns a kept share into a clip. */
export const SHARE_PAGE_PATH = '/share';
/**
 * The share page's parameter saying a share was not kept, and why: the server's reasons
 * (modules/share-claims/share-target.routes.ts), and the worker's `full` and `not-kept`.
 */
export const NOT_RECEIVED_PARAM = 'not-received';

/**
 * Nothing of the user's data ever comes from the cache: `/api/*` and Socket.IO always go to the network,
 * and so does every request that is not a GET (a stale answer to a write would lie about what was saved).
 */
export function swStrategyFor(request: SwRequest, origin: string): SwStrategy {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (request.method === 'POST' && url.pathname === SHARE_TARGET_PATH) return 'share-target';
  if (request.method !== 'GET') return 'network';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) {
    return 'network';
  }
  if (url.pathname.startsWith('/assets/')) return 'cache-first';
  return 'network-first';
}

/** The cache a version's files go in: a new version starts its own and the old one is dropped. */
export const cacheNameFor = (version: string) => `clipsync-shell-${version}`;

/** The page every navigation falls back to offline: the app routes in the browser (a single-page app). */
export const SHELL_URL = '/index.html';
