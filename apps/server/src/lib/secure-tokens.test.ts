import { describe, expect, test } from 'vitest';
import { hashToken, newId, newSecretToken, sealWith, unsealWith } from './secure-tokens';

describe('secure tokens', () => {
  test('ids carry 128 random bits in 22 url-safe characters', () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test('secret tokens are 32 bytes and hash deterministically', () => {
    const token = newSecretToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(newSecretToken()));
  });

  test('a sealed secret opens only with its parent token', () => {
    const parent = newSecretToken();
    const sealed = sealWith(parent, 'child-token');
    expect(unsealWith(parent, sealed)).toBe('child-token');
    expect(unsealWith(newSecretToken(), sealed)).toBeNull();
    expect(unsealWith(parent, 'garbage')).toBeNull();
  });
});
