/** RFC 5987 attr-char: the only characters `filename*` may carry unencoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;
/**
 * Kept out of the quoted fallback: what ends or escapes the quoted string (`"`, `\`), what some browsers
 * percent-decode (`%`), control characters (CR/LF would split the header) and all non-ASCII.
 */
const UNSAFE_IN_FALLBACK = /[^\x20-\x7e]|["\\%]/g;

/** RFC 5987 ext-value: every UTF-8 byte outside attr-char as `%XX` (encodeURIComponent leaves `'()*`). */
function encodeExtValue(value: string): string {
  let encoded = "UTF-8''";
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * RFC 6266 Content-Disposition for a download: the exact name in `filename*`, which browsers prefer,
 * and an ASCII stand-in in `filename` for clients that only read that.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(UNSAFE_IN_FALLBACK, '_');
  return `${kind}; filename="${fallback}"; filename*=${encodeExtValue(name)}`;
}
