import { describe, expect, test } from 'vitest';
import { createFileLinks, FILE_LINK_EXPIRY_STEP_SECONDS, FILE_LINK_TTL_SECONDS } from './file-links';

describe('file links', () => {
  const links = createFileLinks('server-secret');
  // A multiple of the step, plus a little: the link ends at the next step after an hour.
  const now = 1_800_000_000 + 7;
  const expiresAt = 1_800_000_000 + FILE_LINK_TTL_SECONDS + FILE_LINK_EXPIRY_STEP_SECONDS;
  const member = { userId: 'user-1', sessionId: 'session-1' };

  test('a link names its holder for its own file until it expires, at least an hour and at most a step more', () => {
    const token = links.sign('room', member, 'file-1', now);
    expect(links.read('room', token, 'file-1', now + 10)).toEqual({ holder: member, expiresAt });
    expect(links.read('room', token, 'file-1', now + FILE_LINK_TTL_SECONDS)).not.toBeNull();
    expect(links.read('room', token, 'file-1', expiresAt - 1)).not.toBeNull();
    expect(links.read('room', token, 'file-1', expiresAt)).toBeNull();
  });

  test('links signed within one step are the same address; the next step gives a new one', () => {
    const token = links.sign('room', member, 'file-1', now);
    const stepEnd = expiresAt - FILE_LINK_TTL_SECONDS;
    expect(links.sign('room', member, 'file-1', stepEnd)).toBe(token);
    expect(createFileLinks('server-secret').sign('room', member, 'file-1', stepEnd)).toBe(token);
    const next = links.sign('room', member, 'file-1', stepEnd + 1);
    expect(next).not.toBe(token);
    expect(links.read('room', next, 'file-1', stepEnd + 1)).toEqual({
      holder: member,
      expiresAt: expiresAt + FILE_LINK_EXPIRY_STEP_SECONDS,
    });
    expect(links.sign('room', { userId: 'user-2', sessionId: 'session-1' }, 'file-1', now)).not.toBe(token);
    expect(links.sign('room', { userId: 'user-1', sessionId: 'session-2' }, 'file-1', now)).not.toBe(token);
    expect(links.sign('room', member, 'file-2', now)).not.toBe(token);
  });

  test('a link of one purpose is nothing for another, even for the same holder and file', () => {
    const roomLink = links.sign('room', { userId: 'desktop-1', sessionId: '-' }, 'file-1', now);
    expect(links.read('desktop', roomLink, 'file-1', now)).toBeNull();
    const desktopLink = links.sign('desktop', { desktopId: 'desktop-1', shareTag: '-' }, 'file-1', now);
    expect(desktopLink).not.toBe(roomLink);
    expect(links.read('room', desktopLink, 'file-1', now)).toBeNull();
    expect(links.read('desktop', desktopLink, 'file-1', now)).toEqual({
      holder: { desktopId: 'desktop-1', shareTag: '-' },
      expiresAt,
    });
  });

  test('another file, another secret, a changed holder or a mangled token read as nothing', () => {
    const token = links.sign('room', member, 'file-1', now);
    expect(links.read('room', token, 'file-2', now)).toBeNull();
    expect(createFileLinks('other-secret').read('room', token, 'file-1', now)).toBeNull();
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(`user-2.session-1.${now + 60}`).toString('base64url')}.${signature}`;
    expect(links.read('room', forged, 'file-1', now)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.x`, token.slice(0, -2)])
      expect(links.read('room', bad, 'file-1', now)).toBeNull();
    expect(() => links.sign('room', { userId: 'a.b', sessionId: 'session-1' }, 'file-1', now)).toThrow();
  });
});
