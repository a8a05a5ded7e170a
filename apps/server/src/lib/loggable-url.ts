/**
 * Paths whose next segment is a bearer secret: a room's invite link, a mailed room invitation, a
 * desktop's share link, as pages and as the API call behind the page, and a kept share's claim link (whose
 * page carries it in the fragment, which no request does). Whoever reads the logs must not be
 * able to open them.
 */
const SECRET_AFTER =
  /^(\/rooms\/join|\/rooms\/invite|\/desktop\/shared|\/api\/virtual-desktop\/shared|\/api\/share-claims)\/[^/]+/;

/**
 * A request's URL as the access log keeps it: the path only (a mailed link's token travels in the query
 * string) with any share or invite token replaced by `…`.
 */
export function loggableUrl(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(SECRET_AFTER, '$1/…');
}
