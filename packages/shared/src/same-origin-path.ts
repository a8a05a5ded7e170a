/** Longest return path a link may carry. */
export const SAME_ORIGIN_PATH_MAX = 512;

const PATH_OF_THIS_SITE = /^\/(?![/\\])[^\s\\]*$/;

/**
 * Whether `path` is a path of this site (`/rooms/x?y`), never `//host`, `/\host`, a scheme or a tab after the
 * slash, which a URL parser reads as another site. Without zod, so that the service worker's notification
 * clicks keep the rule without bundling zod's classic API; `SameOriginPath` (schemas/sso.ts) is built on it.
 */
export function isSameOriginPath(path: string): boolean {
  return path.length <= SAME_ORIGIN_PATH_MAX && PATH_OF_THIS_SITE.test(path);
}
