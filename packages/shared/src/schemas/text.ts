import { z } from 'zod';

/** What a refused string is told: the field's name comes first in the error (`Invalid body.name: …`). */
export const NUL_REFUSED_MESSAGE = 'Must not contain the NUL character (U+0000)';

/**
 * The one string constructor of requests and socket payloads: `z.string()` without U+0000, which
 * PostgreSQL's `text` refuses (a 500 where it reached SQL). Every string an endpoint's params, query or
 * body, or a client's socket emit, carries is built from it; api/input-strings.test.ts walks the endpoint
 * table and the client events and fails on a string that still takes a NUL.
 */
export function text(): z.ZodString {
  return z.string().refine((value) => !value.includes('\0'), NUL_REFUSED_MESSAGE);
}
