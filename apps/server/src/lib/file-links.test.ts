import { describe, expect, test } from 'vitest';
import { createFileLinks, FILE_LINK_TTL_SECONDS } from './file-links';

describe('file links', () => {
  const links = createFileLinks('server-secret');
  const now = 1_800_000_000;

  test('a link names its user for its own file until it expires', () => {
    const token = links.sign('user-1', 'file-1', now);
    expect(links.read(token, 'file-1', now + 10)).toEqual({ userId: 'user-1', expiresAt: now + FILE_LINK_TTL_SECONDS });
    expect(links.read(token, 'file-1', now + FILE_LINK_TTL_SECONDS)).toBeNull();
  });

  test('another file, another secret, a changed user or a mangled token read as nothing', () => {
    const token = links.sign('user-1', 'file-1', now);
    expect(links.read(token, 'file-2', now)).toBeNull();
    expect(createFileLinks('other-secret').read(token, 'file-1', now)).toBeNull();
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(`user-2.${now + 60}`).toString('base64url')}.${signature}`;
    expect(links.read(forged, 'file-1', now)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.x`, token.slice(0, -2)])
      expect(links.read(bad, 'file-1', now)).toBeNull();
  });
});
