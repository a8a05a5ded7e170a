import { argon2id } from 'hash-wasm';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { concatBytes, utf8Encoder } from './bytes';
import { DecryptError } from './decrypt-error';
import { KEY_BYTES, NONCE_BYTES, SALT_BYTES, TAG_BYTES } from './params';
import { secureRandom, ShareKey, type RandomSource } from './share-key';
import { decryptText, encryptText } from './text';

/**
 * The key of an end-to-end encrypted clipboard and its wrapped copies (docs/encryption.md#account-keys). The
 * account key is 32 random bytes that reach the server only wrapped: by a passphrase (Argon2id) and by a
 * recovery key shown once. A wrapped copy is a text envelope of the shares' format, sealed with a key derived
 * from the passphrase or the recovery key; its plaintext names the account, so a copy for another account is
 * told apart from a wrong passphrase.
 */
export const ACCOUNT_KEY_VERSION = 1;

/**
 * Argon2id's cost for a passphrase, fixed by the version (never read from the data, as the shares' PBKDF2):
 * RFC 9106's second recommended choice (64 MiB, 3 passes) with one lane, since the browser's WebAssembly runs
 * one thread. About 0.5 s on this project's 2-core test machine, in Node and in Chromium.
 */
export const ARGON2ID_COST = { memoryKiB: 65_536, iterations: 3, parallelism: 1 } as const;

/** 160 random bits: no stretching is needed, and 32 characters of Crockford base32 are still typeable. */
export const RECOVERY_KEY_BYTES = 20;

export type WrapKind = 'passphrase' | 'recovery';

/** What the server keeps of one wrapped copy: all of it is safe to store and to hand to the account's devices. */
export interface WrappedAccountKey {
  version: typeof ACCOUNT_KEY_VERSION;
  kind: WrapKind;
  /** The passphrase's Argon2id salt (base64url); absent for the recovery key. */
  salt?: string;
  /** A text envelope (docs/encryption.md#text) of `{"account","key"}`. */
  envelope: string;
}

const INFO = {
  wrap: 'ClipSync account key v1 wrap',
  unlock: 'ClipSync account key v1 unlock',
  id: 'ClipSync account key v1 id',
  seal: 'ClipSync account key v1 seal',
} as const;
const KEY_ID_BYTES = 16;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_KEY_CHARS = Math.ceil((RECOVERY_KEY_BYTES * 8) / 5);

/** The account's sealing key: a WebCrypto CryptoKey, named without the DOM's types (this package is for Node too). */
export type SealingKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

const rawKeys = new WeakMap<AccountKey, Uint8Array<ArrayBuffer>>();

/** The account's own key, which only its wrapped copies carry to the server. */
export class AccountKey {
  static generate(random: RandomSource = secureRandom): AccountKey {
    return new AccountKey(random(KEY_BYTES));
  }

  constructor(bytes: Uint8Array) {
    if (bytes.length !== KEY_BYTES) throw new RangeError(`an account key is ${KEY_BYTES} bytes, got ${bytes.length}`);
    rawKeys.set(this, Uint8Array.from(bytes));
  }

  /**
   * A public name of this key (HKDF, 16 bytes, base64url): a device that remembered a key checks it is still the
   * account's, and the server keeps it beside the wrapped copies. It tells nothing of the key.
   */
  id(): Promise<string> {
    return hkdf(keyBytes(this), INFO.id, KEY_ID_BYTES).then(encodeBase64Url);
  }

  /** The key itself, for a device that keeps it where only its user reads (never sent to the server). */
  toBase64Url(): string {
    return encodeBase64Url(keyBytes(this));
  }

  /**
   * The key that wraps each sealed clip's own key (`wrapClipKey`): AES-256-GCM from HKDF, non-extractable, so a
   * browser can keep it (IndexedDB stores a CryptoKey as itself) without ever keeping the account key's bytes.
   */
  async sealingKey(): Promise<SealingKey> {
    const subtle = globalThis.crypto.subtle;
    const base = await subtle.importKey('raw', keyBytes(this), 'HKDF', false, ['deriveKey']);
    return subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8Encoder.encode(INFO.seal) },
      base,
      { name: 'AES-GCM', length: KEY_BYTES * 8 },
      false,
      ['encrypt', 'decrypt'],
    );
  }
}

/** A wrapped clip key: version (1) · nonce (12) · the 32-byte clip key sealed, with its tag (48). */
const CLIP_KEY_WRAP_VERSION = 0x01;
const WRAPPED_CLIP_KEY_BYTES = 1 + NONCE_BYTES + KEY_BYTES + TAG_BYTES;
/**
 * The additional data names the format only. Not the clip's id: a device seals a new clip before the server names
 * it, and a server moving a wrapped key with its text onto another id shows the owner one of their own clips.
 */
const CLIP_KEY_AAD = utf8Encoder.encode('ClipSync clip key v1');

/** A sealed clip's own key (32 bytes, its ShareKey's) wrapped by the account's sealing key, base64url. */
export async function wrapClipKey(
  sealingKey: SealingKey,
  clipKey: Uint8Array,
  random: RandomSource = secureRandom,
): Promise<string> {
  if (clipKey.length !== KEY_BYTES) throw new RangeError(`a clip key is ${KEY_BYTES} bytes, got ${clipKey.length}`);
  const nonce = random(NONCE_BYTES);
  const sealed = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: CLIP_KEY_AAD },
    sealingKey,
    Uint8Array.from(clipKey),
  );
  return encodeBase64Url(concatBytes(Uint8Array.of(CLIP_KEY_WRAP_VERSION), nonce, new Uint8Array(sealed)));
}

/**
 * The clip key in `wrapped`. DecryptError: AUTHENTICATION_FAILED for another account's sealing key or an altered
 * copy; MALFORMED for anything not this size; UNSUPPORTED_VERSION for a later format.
 */
export async function unwrapClipKey(sealingKey: SealingKey, wrapped: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = decodeBase64Url(wrapped);
  if (!bytes || bytes.length === 0) throw new DecryptError('MALFORMED', 'not a wrapped clip key');
  if (bytes[0] !== CLIP_KEY_WRAP_VERSION) {
    throw new DecryptError('UNSUPPORTED_VERSION', `wrapped clip key version ${bytes[0]} is not supported`);
  }
  if (bytes.length !== WRAPPED_CLIP_KEY_BYTES) throw new DecryptError('MALFORMED', 'a wrapped clip key is 61 bytes');
  try {
    const plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(1, 1 + NONCE_BYTES), additionalData: CLIP_KEY_AAD },
      sealingKey,
      bytes.subarray(1 + NONCE_BYTES),
    );
    return new Uint8Array(plain);
  } catch {
    throw new DecryptError('AUTHENTICATION_FAILED', 'the clip key did not open: another account, or altered');
  }
}

function keyBytes(key: AccountKey): Uint8Array<ArrayBuffer> {
  const bytes = rawKeys.get(key);
  if (!bytes) throw new TypeError('not an AccountKey');
  return bytes;
}

/**
 * A passphrase or a recovery key, stretched once into the two secrets it gives: `unlockProof`, which the server
 * checks (it keeps its SHA-256) before it hands out the wrapped copy and counts when wrong, and the key that
 * opens and seals that copy, which never leaves the device. Neither tells the other (HKDF, two infos).
 */
export class UnlockSecret {
  /** The passphrase as typed (NFC-normalized), with the salt of its wrapped copy. */
  static async fromPassphrase(passphrase: string, salt: string): Promise<UnlockSecret> {
    const saltBytes = decodeBase64Url(salt);
    if (!saltBytes || saltBytes.length !== SALT_BYTES) throw new DecryptError('MALFORMED', 'the salt is not 16 bytes');
    const stretched = await argon2id({
      password: utf8Encoder.encode(passphrase.normalize('NFC')),
      salt: saltBytes,
      memorySize: ARGON2ID_COST.memoryKiB,
      iterations: ARGON2ID_COST.iterations,
      parallelism: ARGON2ID_COST.parallelism,
      hashLength: KEY_BYTES,
      outputType: 'binary',
    });
    return UnlockSecret.#from('passphrase', Uint8Array.from(stretched), salt);
  }

  /** A recovery key as printed; throws DecryptError KEY_MALFORMED when it is not one (a typo in its length). */
  static async fromRecoveryKey(text: string): Promise<UnlockSecret> {
    return UnlockSecret.#from('recovery', parseRecoveryKey(text), undefined);
  }

  static async #from(kind: WrapKind, secret: Uint8Array<ArrayBuffer>, salt: string | undefined) {
    const [wrapKey, proof] = await Promise.all([
      hkdf(secret, INFO.wrap, KEY_BYTES),
      hkdf(secret, INFO.unlock, KEY_BYTES),
    ]);
    return new UnlockSecret(kind, salt, wrapKey, encodeBase64Url(proof));
  }

  readonly #wrapKey: Uint8Array<ArrayBuffer>;

  private constructor(
    readonly kind: WrapKind,
    private readonly salt: string | undefined,
    wrapKey: Uint8Array<ArrayBuffer>,
    /** Sent to the server to unlock, never stored on the device. */
    readonly unlockProof: string,
  ) {
    this.#wrapKey = wrapKey;
  }

  /** The account key wrapped for `accountId` (the user's id), with fresh nonces from `random`. */
  async seal(key: AccountKey, accountId: string, random?: RandomSource): Promise<WrappedAccountKey> {
    const plaintext = JSON.stringify({ account: accountId, key: encodeBase64Url(keyBytes(key)) });
    const envelope = await encryptText(plaintext, new ShareKey(this.#wrapKey, { random }));
    return { version: ACCOUNT_KEY_VERSION, kind: this.kind, ...(this.salt ? { salt: this.salt } : {}), envelope };
  }

  /**
   * The account key in `wrapped`. DecryptError: AUTHENTICATION_FAILED for a wrong passphrase or recovery key (or an
   * altered copy: AES-GCM cannot tell), MALFORMED for a cut or corrupt one, WRONG_ACCOUNT for another account's.
   */
  async open(wrapped: WrappedAccountKey, accountId: string): Promise<AccountKey> {
    if (wrapped.version !== ACCOUNT_KEY_VERSION) {
      throw new DecryptError('UNSUPPORTED_VERSION', `account key version ${String(wrapped.version)} is not supported`);
    }
    if (wrapped.kind !== this.kind || wrapped.salt !== this.salt) {
      throw new DecryptError('MALFORMED', `this copy is for a ${wrapped.kind}, with its own salt`);
    }
    const content = parseContent(await decryptText(wrapped.envelope, new ShareKey(this.#wrapKey)));
    if (content.account !== accountId) {
      throw new DecryptError('WRONG_ACCOUNT', 'this wrapped key belongs to another account');
    }
    return new AccountKey(content.key);
  }
}

function parseContent(plaintext: string): { account: string; key: Uint8Array<ArrayBuffer> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    throw new DecryptError('MALFORMED', 'the wrapped key is not this format');
  }
  const { account, key } = (parsed ?? {}) as { account?: unknown; key?: unknown };
  const bytes = typeof key === 'string' ? decodeBase64Url(key) : null;
  if (typeof account !== 'string' || !bytes || bytes.length !== KEY_BYTES) {
    throw new DecryptError('MALFORMED', 'the wrapped key is not this format');
  }
  return { account, key: bytes };
}

/** A new passphrase's Argon2id salt, base64url. */
export function newPassphraseSalt(random: RandomSource = secureRandom): string {
  return encodeBase64Url(random(SALT_BYTES));
}

/** A new recovery key as shown to be printed: 32 Crockford base32 characters in groups of four. */
export function newRecoveryKey(random: RandomSource = secureRandom): string {
  return formatRecoveryKey(random(RECOVERY_KEY_BYTES));
}

export function formatRecoveryKey(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += CROCKFORD[(value << (5 - bits)) & 31];
  return out.match(/.{1,4}/g)!.join('-');
}

/**
 * The bytes of a recovery key as a person types it back: any case, with or without dashes and spaces, and
 * Crockford's look-alikes (I and L for 1, O for 0).
 */
export function parseRecoveryKey(text: string): Uint8Array<ArrayBuffer> {
  const chars = text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (chars.length !== RECOVERY_KEY_CHARS || [...chars].some((char) => !CROCKFORD.includes(char))) {
    throw new DecryptError('KEY_MALFORMED', `a recovery key is ${RECOVERY_KEY_CHARS} letters and digits`);
  }
  const bytes = new Uint8Array(RECOVERY_KEY_BYTES);
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of chars) {
    value = (value << 5) | CROCKFORD.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes[index++] = (value >>> (bits - 8)) & 255;
      bits -= 8;
      value &= (1 << bits) - 1;
    }
  }
  return bytes;
}

async function hkdf(ikm: Uint8Array<ArrayBuffer>, info: string, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const subtle = globalThis.crypto.subtle;
  const base = await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const salt = new Uint8Array(0);
  const bits = await subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt, info: utf8Encoder.encode(info) },
    base,
    length * 8,
  );
  return new Uint8Array(bits);
}
