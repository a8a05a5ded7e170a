import { randomInt } from 'node:crypto';

/**
 * User codes for device sign-in: 8 characters from 20 consonants (no vowels, so no words; no 0/O, 1/I/L,
 * 5/S or 2/Z pairs to confuse), about 34.5 bits, shown `XXXX-XXXX`. Guessing within a code's ten minutes
 * is bounded by the misses allowed per account and per address.
 */
const ALPHABET = 'BCDFGHJKMNPQRTVWXY34';
const LENGTH = 8;

/** A new code, stored form (no dash). */
export function newUserCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** `ABCD-EFGH`, as shown and as put in the verification link. */
export const displayUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What the user typed, in stored form: any case, dashes and spaces ignored; null when it cannot be a code. */
export function normaliseUserCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== LENGTH || [...code].some((character) => !ALPHABET.includes(character))) return null;
  return code;
}
