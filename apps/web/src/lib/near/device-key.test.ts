import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { publicJwkOf, signWithDeviceKey } from './device-key';

const verifierOf = async (userId: string) =>
  crypto.subtle.importKey('jwk', await publicJwkOf(userId), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
const bytesOf = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

describe("this browser's nearness key", () => {
  test('signs as the server verifies: r‖s in 86 base64url characters, by the key whose public half it registers', async () => {
    const signature = await signWithDeviceKey('USER0000000000000000001', 'clipsync-near-v1\nchallenge');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const verified = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      await verifierOf('USER0000000000000000001'),
      bytesOf(signature),
      new TextEncoder().encode('clipsync-near-v1\nchallenge'),
    );
    expect(verified).toBe(true);
  });

  test('one pair per user, kept: the same public key again, another for another user; the public half only', async () => {
    const first = await publicJwkOf('USER0000000000000000001');
    expect(first).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) });
    expect(await publicJwkOf('USER0000000000000000001')).toEqual(first);
    expect(await publicJwkOf('USER0000000000000000002')).not.toEqual(first);
  });
});
