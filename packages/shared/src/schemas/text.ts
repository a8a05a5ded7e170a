import { z } from 'zod';

/** What a refused string is told: the field's name comes first in the error (`Invalid body.name: …`). */
export const NUL_REFUSED_MESSAGE = 'Must not contain the NUL character (U+0000)';
export const LONE_SURROGATE_REFUSED_MESSAGE = 'Must not contain an unpaired UTF-16 surrogate (U+D800–U+DFFF)';

/** With the `u` flag a pair is one code point, so this matches a surrogate only where it has no partner. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Whether `value` is well-formed UTF-16: every surrogate in a pair. A lone one has no UTF-8 form, so neither
 * PostgreSQL nor a URL nor a file name can take it. `isWellFormed` (ES2024: Node 20, current browsers) scans a
 * clip's megabytes in about a millisecond; the pattern is for an older browser.
 */
export function isWellFormedText(value: string): boolean {
  const { isWellFormed } = value as unknown as { isWellFormed?: () => boolean };
  return isWellFormed ? isWellFormed.call(value) : !LONE_SURROGATE.test(value);
}

/**
 * The one string constructor of requests and socket payloads: `z.string()` without U+0000, which
 * PostgreSQL's `text` refuses (a 500 where it reached SQL), and without an unpaired surrogate, which no
 * UTF-8 encoder takes (the same 500). Every string an endpoint's params, query or body, or a client's socket
 * emit, carries is built from it; api/input-strings.test.ts walks the endpoint table and the client events and
 * fails on a string that still takes either.
 */
export function text(): z.ZodString {
  return z
    .string()
    .refine((value) => !value.includes('\0'), NUL_REFUSED_MESSAGE)
    .refine(isWellFormedText, LONE_SURROGATE_REFUSED_MESSAGE);
}
