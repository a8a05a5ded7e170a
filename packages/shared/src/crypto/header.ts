import { DecryptError } from './decrypt-error';
import { FLAG_PASSWORD, FORMAT_VERSION, SALT_BYTES } from './params';

/** The start both formats share: version byte, flags byte, and the 16-byte salt when a password is mixed in. */
export function headerPrefix(salt: Uint8Array | null): Uint8Array<ArrayBuffer> {
  const prefix = new Uint8Array(2 + (salt ? SALT_BYTES : 0));
  prefix[0] = FORMAT_VERSION;
  prefix[1] = salt ? FLAG_PASSWORD : 0;
  if (salt) prefix.set(salt, 2);
  return prefix;
}

/** Bytes the prefix takes, from its first two bytes; throws DecryptError on a version or flag it does not know. */
export function prefixLength(version: number, flags: number): number {
  if (version !== FORMAT_VERSION) {
    throw new DecryptError(
      'UNSUPPORTED_VERSION',
      `format version ${version} is not supported (this is ${FORMAT_VERSION})`,
    );
  }
  if ((flags & ~FLAG_PASSWORD) !== 0) throw new DecryptError('MALFORMED', `unknown flags 0x${flags.toString(16)}`);
  return 2 + (flags & FLAG_PASSWORD ? SALT_BYTES : 0);
}

/** The salt in a complete prefix, or null when no password is mixed in. */
export function prefixSalt(prefix: Uint8Array): Uint8Array | null {
  return prefix.length > 2 ? prefix.subarray(2, 2 + SALT_BYTES) : null;
}
