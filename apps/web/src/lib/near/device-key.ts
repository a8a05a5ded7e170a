import { encodeBase64Url } from '@clipsync/shared/crypto';
import type { DevicePublicKeyJwk } from '@clipsync/shared';

/**
 * This browser's nearness key (decision 030): an ECDSA P-256 pair made by WebCrypto, the private half
 * non-extractable, kept in IndexedDB per signed-in user so it survives reloads. Nothing but the public point
 * ever leaves the browser, and the signature is WebCrypto's r‖s, which the server checks as IEEE P1363.
 */
export interface DeviceKey {
  publicJwk(): Promise<DevicePublicKeyJwk>;
  /** The UTF-8 text signed with SHA-256, as base64url. */
  sign(text: string): Promise<string>;
}

/** Where the pairs are kept; IndexedDB in the browser, a map in tests. */
export interface KeyPairStore {
  get(userId: string): Promise<CryptoKeyPair | undefined>;
  put(userId: string, pair: CryptoKeyPair): Promise<void>;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** Only the curve point: WebCrypto adds `ext` and `key_ops`, which the server neither needs nor keeps. */
export function publicPartOf(jwk: JsonWebKey): DevicePublicKeyJwk {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) throw new Error('Not a P-256 public key');
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
}

export function deviceKeyOf(pair: CryptoKeyPair): DeviceKey {
  return {
    publicJwk: async () => publicPartOf(await crypto.subtle.exportKey('jwk', pair.publicKey)),
    sign: async (text) =>
      encodeBase64Url(
        new Uint8Array(await crypto.subtle.sign(SIGNATURE, pair.privateKey, new TextEncoder().encode(text))),
      ),
  };
}

/** The user's pair from `store`, or a new one stored there; `isNew` says the server must be told its key. */
export async function loadOrCreateDeviceKey(
  userId: string,
  store: KeyPairStore,
): Promise<{ key: DeviceKey; isNew: boolean }> {
  const kept = await store.get(userId);
  if (kept) return { key: deviceKeyOf(kept), isNew: false };
  // extractable: false covers the private key only; a public key is always exportable.
  const pair = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
  await store.put(userId, pair);
  return { key: deviceKeyOf(pair), isNew: true };
}
