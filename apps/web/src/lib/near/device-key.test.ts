import { nearProofText } from '@clipsync/shared';
import { decodeBase64Url } from '@clipsync/shared/crypto';
import { describe, expect, test } from 'vitest';
import { loadOrCreateDeviceKey, publicPartOf, type KeyPairStore } from './device-key';

const memoryStore = (): KeyPairStore & { pairs: Map<string, CryptoKeyPair> } => {
  const pairs = new Map<string, CryptoKeyPair>();
  return { pairs, get: async (userId) => pairs.get(userId), put: async (userId, pair) => void pairs.set(userId, pair) };
};

describe('device key', () => {
  test('the public JWK keeps only the curve point', () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43), ext: true, key_ops: ['verify'] };
    expect(publicPartOf(jwk)).toEqual({ kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) });
    expect(() => publicPartOf({ kty: 'RSA', n: 'n', e: 'AQAB' })).toThrow('Not a P-256 public key');
  });

  test('one pair per user, made once, its private key not extractable', async () => {
    const store = memoryStore();
    const first = await loadOrCreateDeviceKey('user-1', store);
    const again = await loadOrCreateDeviceKey('user-1', store);
    const other = await loadOrCreateDeviceKey('user-2', store);
    expect([first.isNew, again.isNew, other.isNew]).toEqual([true, false, true]);
    expect(await again.key.publicJwk()).toEqual(await first.key.publicJwk());
    expect(await other.key.publicJwk()).not.toEqual(await first.key.publicJwk());
    expect(store.pairs.get('user-1')?.privateKey.extractable).toBe(false);
  });

  test('signs the proof text as r‖s (64 bytes, base64url), which the public key verifies', async () => {
    const { key } = await loadOrCreateDeviceKey('user-1', memoryStore());
    const text = nearProofText({ challengeId: 'c', nonce: 'n', issuerDeviceId: 'a', otherDeviceId: 'b' });
    const signature = decodeBase64Url(await key.sign(text));
    expect(signature?.length).toBe(64);
    const publicKey = await crypto.subtle.importKey(
      'jwk',
      await key.publicJwk(),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const verify = (signed: string) =>
      crypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        publicKey,
        signature ?? new Uint8Array(),
        new TextEncoder().encode(signed),
      );
    expect(await verify(text)).toBe(true);
    expect(await verify(`${text}x`)).toBe(false);
  });
});
