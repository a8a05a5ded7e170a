import { decodeBase64Url, encodeBase64Url } from './base64url';
import { concatBytes, utf8Encoder } from './bytes';
import { DecryptError } from './decrypt-error';
import { KEY_BYTES, PBKDF2_ITERATIONS, SALT_BYTES } from './params';

/** Fresh random bytes. Tests inject a fixed source to reproduce the test vectors; nothing else should. */
export type RandomSource = (length: number) => Uint8Array<ArrayBuffer>;

export const secureRandom: RandomSource = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

export interface ShareKeyOptions {
  /** Mixed in with the link's key when set; an empty string means none (NFC-normalized before use). */
  password?: string;
  /** Source of the key, salt and nonces; `crypto.getRandomValues` unless a test replays fixed values. */
  random?: RandomSource;
}

/** What a key is for: each gets its own AES key from HKDF, so a text envelope never opens as a file. */
export type KeyPurpose = 'text' | 'file';

type AesKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.deriveKey>>;

interface KeyState {
  key: Uint8Array<ArrayBuffer>;
  password: string | undefined;
  random: RandomSource;
  /** The salt this key seals with (one per share, so the slow PBKDF2 runs once for the text and every file). */
  sealingSalt: Uint8Array<ArrayBuffer> | null;
  stretched: Map<string, Promise<Uint8Array<ArrayBuffer>>>;
  aesKeys: Map<string, Promise<AesKey>>;
}

// Kept off the class so the derived material is reachable only from the formats in this folder.
const states = new WeakMap<ShareKey, KeyState>();

const FRAGMENT_PARAM = 'k';
const KEY_CHARS = Math.ceil((KEY_BYTES * 4) / 3);

/**
 * The secret of one end-to-end encrypted share: a random 256-bit key that travels only in the link's
 * fragment (`#k=<base64url>`), and optionally a password the recipient types.
 */
export class ShareKey {
  /** A new random key for a new share. */
  static generate(options: ShareKeyOptions = {}): ShareKey {
    return new ShareKey((options.random ?? secureRandom)(KEY_BYTES), options);
  }

  /**
   * The key in a link's fragment (`location.hash`, with or without its `#`). Other `name=value` pairs are
   * ignored; a missing, repeated, cut or altered `k` throws DecryptError KEY_MALFORMED.
   */
  static fromFragment(fragment: string, options: ShareKeyOptions = {}): ShareKey {
    const pairs = (fragment.startsWith('#') ? fragment.slice(1) : fragment).split('&');
    const values = pairs
      .filter((pair) => pair.startsWith(`${FRAGMENT_PARAM}=`))
      .map((pair) => pair.slice(FRAGMENT_PARAM.length + 1));
    if (values.length !== 1) {
      throw new DecryptError('KEY_MALFORMED', `the link has ${values.length} "#k=" keys, expected one`);
    }
    const text = values[0]!;
    const key = text.length === KEY_CHARS ? decodeBase64Url(text) : null;
    if (!key) {
      throw new DecryptError(
        'KEY_MALFORMED',
        `the link's key is not ${KEY_CHARS} base64url characters (found ${text.length}): it was cut or altered`,
      );
    }
    return new ShareKey(key, options);
  }

  constructor(key: Uint8Array, options: ShareKeyOptions = {}) {
    if (key.length !== KEY_BYTES) throw new RangeError(`a share key is ${KEY_BYTES} bytes, got ${key.length}`);
    const random = options.random ?? secureRandom;
    const password = options.password ? options.password.normalize('NFC') : undefined;
    states.set(this, {
      key: Uint8Array.from(key),
      password,
      random,
      sealingSalt: password === undefined ? null : takeRandom(random, SALT_BYTES),
      stretched: new Map(),
      aesKeys: new Map(),
    });
  }

  /** `k=<base64url>`, to append to the share URL after `#` (never to a path or query: those reach the server). */
  get fragment(): string {
    return `${FRAGMENT_PARAM}=${encodeBase64Url(stateOf(this).key)}`;
  }

  get hasPassword(): boolean {
    return stateOf(this).password !== undefined;
  }
}

function stateOf(key: ShareKey): KeyState {
  const state = states.get(key);
  if (!state) throw new TypeError('not a ShareKey');
  return state;
}

/** `length` bytes from the key's random source, checked (an injected source that miscounts must not pass). */
export function randomBytes(key: ShareKey, length: number): Uint8Array<ArrayBuffer> {
  return takeRandom(stateOf(key).random, length);
}

function takeRandom(random: RandomSource, length: number): Uint8Array<ArrayBuffer> {
  const bytes = random(length);
  if (bytes.length !== length) throw new RangeError(`random source gave ${bytes.length} bytes, asked ${length}`);
  return bytes;
}

/** The salt new data is sealed with: null without a password. */
export function sealingSalt(key: ShareKey): Uint8Array<ArrayBuffer> | null {
  return stateOf(key).sealingSalt;
}

/**
 * The AES-256-GCM key for `purpose`: HKDF-SHA-256 over the fragment key, followed with a password by
 * PBKDF2-HMAC-SHA256(password, salt), with the salt as HKDF salt. Neither half alone yields the key.
 */
export function contentKey(key: ShareKey, purpose: KeyPurpose, salt: Uint8Array | null): Promise<AesKey> {
  const state = stateOf(key);
  if (salt && state.password === undefined) {
    return Promise.reject(new DecryptError('PASSWORD_REQUIRED', 'this share needs its password'));
  }
  const id = `${purpose}:${salt ? encodeBase64Url(salt) : ''}`;
  let aesKey = state.aesKeys.get(id);
  if (!aesKey) {
    aesKey = deriveContentKey(state, purpose, salt);
    state.aesKeys.set(id, aesKey);
  }
  return aesKey;
}

async function deriveContentKey(state: KeyState, purpose: KeyPurpose, salt: Uint8Array | null): Promise<AesKey> {
  const subtle = globalThis.crypto.subtle;
  const saltBytes = salt ? Uint8Array.from(salt) : new Uint8Array(0);
  const ikm = salt ? concatBytes(state.key, await stretchPassword(state, saltBytes)) : state.key;
  const base = await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: saltBytes, info: utf8Encoder.encode(`ClipSync e2e v1 ${purpose}`) },
    base,
    { name: 'AES-GCM', length: KEY_BYTES * 8 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function stretchPassword(state: KeyState, salt: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const id = encodeBase64Url(salt);
  let stretched = state.stretched.get(id);
  if (!stretched) {
    stretched = pbkdf2(state.password ?? '', salt);
    state.stretched.set(id, stretched);
  }
  return stretched;
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const subtle = globalThis.crypto.subtle;
  const base = await subtle.importKey('raw', utf8Encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: PBKDF2_ITERATIONS },
    base,
    KEY_BYTES * 8,
  );
  return new Uint8Array(bits);
}
