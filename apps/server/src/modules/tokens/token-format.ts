import { PERSONAL_TOKEN_PREFIX } from '@clipsync/shared';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * A personal access token: `csp_`, 30 random base62 characters (178 bits) and 6 base62 characters of the
 * CRC32 of those, as GitHub's tokens are made. The prefix lets secret scanners and people recognise a
 * leaked token; the checksum lets them (and this server, before any database read) tell a real-looking
 * token from a typo or a made-up string, offline.
 */
const TOKEN_PREFIX = PERSONAL_TOKEN_PREFIX;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

/** Uniform base62 characters: bytes of 248 and above are thrown away so no character is likelier. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** The number in base62, left-padded with zeros to `length` characters (a CRC32 fits in 6). */
function toBase62(value: number, length: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(length, '0');
}

const checksumOf = (random: string) => toBase62(crc32(random), CHECKSUM_LENGTH);

export function newPersonalToken(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${TOKEN_PREFIX}${random}${checksumOf(random)}`;
}

/** Whether the string has a personal token's shape and a checksum that matches: no database needed. */
export function isWellFormedPersonalToken(candidate: string): boolean {
  if (!TOKEN_PATTERN.test(candidate)) return false;
  const random = candidate.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + RANDOM_LENGTH);
  return candidate.slice(TOKEN_PREFIX.length + RANDOM_LENGTH) === checksumOf(random);
}
