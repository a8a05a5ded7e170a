/**
 * A call's query object as its query string, the one encoding every client uses: absent values (undefined,
 * null) are left out, an array repeats its name once per value (`type=a&type=b`, as the server's query
 * parser reads it), everything else is its string form, in the object's own key order.
 */
export function encodeQuery(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  return search.toString();
}
