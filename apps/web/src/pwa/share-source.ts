/**
 * Where a share posted to /share-target came from, as far as the browser says. Any site can post there (a form
 * needs no permission), so the share page names the sender and marks another site's share, which may be a
 * trick, as such.
 *
 * Kept: the sender's origin (scheme, host and port), never its full address, which may hold a page's tokens;
 * `null` when the browser named no site.
 */
export type ShareFrom = string | null;

/**
 * The origin of the page that posted, from the request the service worker caught: its `Origin` header, else
 * its referrer. A page whose `Referrer-Policy` is `no-referrer` sends neither (`Origin: null`, an empty
 * referrer), as a phone's share sheet does: both are "no site named", which cannot prove that an app sent it.
 */
export function shareFromRequest(origin: string | null, referrer: string): ShareFrom {
  return originOf(origin) ?? originOf(referrer);
}

function originOf(address: string | null): string | null {
  if (!address || address === 'null') return null;
  try {
    const { origin } = new URL(address);
    // Opaque origins (data:, blob: of one, file:) serialise as "null" and name no site either.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** How the share page presents a sender; `undefined` is a share kept before senders were recorded. */
export type ShareSender =
  { kind: 'other-site'; origin: string } | { kind: 'this-site' } | { kind: 'no-site' } | { kind: 'not-recorded' };

export function shareSenderOf(from: ShareFrom | undefined, appOrigin: string): ShareSender {
  if (from === undefined) return { kind: 'not-recorded' };
  if (from === null) return { kind: 'no-site' };
  return from === appOrigin ? { kind: 'this-site' } : { kind: 'other-site', origin: from };
}
