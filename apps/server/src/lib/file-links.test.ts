import { describe, expect, test } from 'vitest';
import { createFileLinks, FILE_LINK_EXPIRY_STEP_SECONDS, FILE_LINK_TTL_SECONDS } from './file-links';

describe('file links', () => {
  const links = createFileLinks('server-secret');
  // A multiple of the step, plus a little: the link ends at the next step after an hour.
  const now = 1_800_000_000 + 7;
  const expiresAt = 1_800_000_000 + FILE_LINK_TTL_SECONDS + FILE_LINK_EXPIRY_STEP_SECONDS;

  test('a link names its user for its own file until it expires, at least an hour and at most a step more', () => {
    const token = links.sign('user-1', 'file-1', now);
    expect(links.read(token, 'file-1', now + 10)).toEqual({ userId: 'user-1', expiresAt });
    expect(links.read(token, 'file-1', now + FILE_LINK_TTL_SECONDS)).not.toBeNull();
    expect(links.read(token, 'file-1', expiresAt - 1)).not.toBeNull();
    expect(links.read(token, 'file-1', expiresAt)).toBeNull();
  });

  test('links signed within one step are the same address; the next step gives a new one', () => {
    const token = links.sign('user-1', 'file-1', now);
    const stepEnd = expiresAt - FILE_LINK_TTL_SECONDS;
    expect(links.sign('user-1', 'file-1', stepEnd)).toBe(token);
    expect(createFileLinks('server-secret').sign('user-1', 'file-1', stepEnd)).toBe(token);
    const next = links.sign('user-1', 'file-1', stepEnd + 1);
    expect(next).not.toBe(token);
    expect(links.read(next, 'file-1', stepEnd + 1)).toEqual({
      userId: 'user-1',
      expiresAt: expiresAt + FILE_LINK_EXPIRY_STEP_SECONDS,
    });
    expect(links.sign('user-2', 'file-1', now)).not.toBe(token);
    expect(links.sign('user-1', 'file-2', now)).not.toBe(token);
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
