import { base64UrlLength, decodeBase64Url, encodeBase64Url } from './base64url';
import { concatBytes, utf8Decoder, utf8Encoder } from './bytes';
import { DecryptError } from './decrypt-error';
import { headerPrefix, prefixLength, prefixSalt } from './header';
import { NONCE_BYTES, SALT_BYTES, TAG_BYTES } from './params';
import { contentKey, randomBytes, sealingSalt, type ShareKey } from './share-key';

/**
 * A text as one AES-256-GCM record, base64url-encoded (no padding) to fit the clip's text column:
 *   version (1) · flags (1) · salt (16, with a password) · nonce (12) · ciphertext · tag (16)
 * The version, flags and salt are the record's additional data, so none can be changed unnoticed.
 */
export async function encryptText(text: string, key: ShareKey): Promise<string> {
  const salt = sealingSalt(key);
  const prefix = headerPrefix(salt);
  const nonce = randomBytes(key, NONCE_BYTES);
  const aesKey = await contentKey(key, 'text', salt);
  const sealed = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: prefix },
    aesKey,
    utf8Encoder.encode(text),
  );
  return encodeBase64Url(concatBytes(prefix, nonce, new Uint8Array(sealed)));
}

/** The text in `envelope`; any failure (wrong key or password, altered or cut) is a DecryptError. */
export async function decryptText(envelope: string, key: ShareKey): Promise<string> {
  const { prefix, nonce, sealed } = parseEnvelope(envelope);
  const aesKey = await contentKey(key, 'text', prefixSalt(prefix));
  let plain: ArrayBuffer;
  try {
    plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: nonce, additionalData: prefix },
      aesKey,
      sealed,
    );
  } catch {
    throw new DecryptError('AUTHENTICATION_FAILED', 'the text did not authenticate: wrong key or password, or altered');
  }
  try {
    return utf8Decoder.decode(plain);
  } catch {
    throw new DecryptError('MALFORMED', 'the decrypted text is not UTF-8');
  }
}

/** Whether opening `envelope` needs a password (so the UI can ask before trying). Throws DecryptError if malformed. */
export function textNeedsPassword(envelope: string): boolean {
  return prefixSalt(parseEnvelope(envelope).prefix) !== null;
}

/** Characters the envelope of a text of `utf8Bytes` bytes takes: check it against the text column's bound. */
export function encryptedTextLength(utf8Bytes: number, withPassword: boolean): number {
  return base64UrlLength(2 + (withPassword ? SALT_BYTES : 0) + NONCE_BYTES + utf8Bytes + TAG_BYTES);
}

function parseEnvelope(envelope: string) {
  const bytes = decodeBase64Url(envelope);
  if (!bytes || bytes.length < 2) throw new DecryptError('MALFORMED', 'not an encrypted text (bad base64url)');
  const length = prefixLength(bytes[0]!, bytes[1]!);
  if (bytes.length < length + NONCE_BYTES + TAG_BYTES) throw new DecryptError('MALFORMED', 'the encrypted text is cut');
  return {
    prefix: bytes.subarray(0, length),
    nonce: bytes.subarray(length, length + NONCE_BYTES),
    sealed: bytes.subarray(length + NONCE_BYTES),
  };
}
