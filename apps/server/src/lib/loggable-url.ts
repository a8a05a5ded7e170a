import { API_BASE, API_TABLES, APP_ROUTES } from '@clipsync/shared';

/**
 * The paths that carry a secret, as route patterns matched from the path's start, the first that fits
 * winning: `:secret` is a segment that opens something by itself (a link, a share or invite token), logged
 * as `…`; `:private` is a segment only its owner should read (a file's name), dropped with whatever
 * follows; any other `:name` is kept (an id that opens nothing without the account or membership it
 * belongs to). What follows a pattern is kept (`/open`, `/claim`). Every path parameter of the API and the
 * app is classified by `access-log.test.ts`, which fails on a new one until it is.
 */
const SECRET_PATHS = [
  // Pages: a room's invite link and mailed invitation; a public room opens to any signed-in user who has its
  // id; a desktop's share link; a clip's link. (A kept share's claim link and a device sign-in's code travel
  // in the fragment and the query, which no log keeps.)
  '/rooms/join/:secret',
  '/rooms/invite/:secret',
  '/rooms/:secret',
  '/desktop/shared/:secret',
  '/clips/:secret',
  // The API behind them. A clip's id is its link (its owner's own id once the link was renewed), and a clip
  // file's id reaches the clip as its link does.
  `${API_BASE}/clipboard/:secret/files/:secret`,
  `${API_BASE}/clipboard/:secret`,
  `${API_BASE}/files/:secret/:private`,
  // An admin's mailed invitation to sign up, looked up by the sign-up page.
  `${API_BASE}/invitations/:secret`,
  `${API_BASE}/rooms/:secret/files/:fileId/:private`,
  `${API_BASE}/rooms/:secret`,
  `${API_BASE}/virtual-desktop/shared/:secret`,
  `${API_BASE}/virtual-desktop/files/:id/:private`,
  `${API_BASE}/share-claims/:secret`,
  // The reports queue names an item by its id: a clip's is its link, a room's opens it to any signed-in user.
  `${API_BASE}/admin/reports/:kind/:secret`,
].map((pattern) => pattern.split('/').filter(Boolean));

const normalised = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';

/** Routes without parameters where a secret could stand (`/api/clipboard/history`): logged as they are. */
const PLAIN_ROUTES = new Set(
  [
    ...Object.values(API_TABLES).flatMap((group) => Object.values(group).map(({ path }) => API_BASE + path)),
    ...APP_ROUTES,
  ]
    .filter((route) => !route.includes(':'))
    .map(normalised),
);

/** A segment as the router reads it (percent-decoded), to compare with a pattern's literal. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** The segments as logged under `pattern`, or undefined when the path does not start as the pattern does. */
function maskedBy(pattern: readonly string[], segments: readonly string[]): string[] | undefined {
  const logged: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const part = pattern[index];
    if (part === undefined) return [...logged, ...segments.slice(index)];
    if (part === ':private') return logged;
    if (part === ':secret') logged.push('…');
    else if (part.startsWith(':') || decoded(segment) === part) logged.push(segment);
    else return undefined;
  }
  return logged;
}

/**
 * A request's URL as the access log keeps it: the path only (a mailed link's token travels in the query
 * string) with every link, share or invite token replaced by `…` and a file's name dropped.
 */
export function loggableUrl(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (PLAIN_ROUTES.has(normalised(path))) return path;
  const segments = path.split('/').filter(Boolean);
  for (const pattern of SECRET_PATHS) {
    const logged = maskedBy(pattern, segments);
    if (logged) return `/${logged.join('/')}`;
  }
  return path;
}
