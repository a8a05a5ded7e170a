import { CLIP_VIEW_GRANT_TTL_SECONDS } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { createClipViewGrants } from './clip-view-grants';

describe('clip view grants', () => {
  const grants = createClipViewGrants('a-server-secret-of-enough-length-for-tests');
  const clip = { id: 'clip-1', shareId: 'link-1', sharePasswordHash: null };
  const now = 1_800_000_000;

  test('a grant opens the clip it was signed for, until it expires', () => {
    const { token, expiresAt } = grants.sign(clip, now);
    expect(expiresAt.getTime()).toBe((now + CLIP_VIEW_GRANT_TTL_SECONDS) * 1000);
    expect(grants.allows(token, clip, now + 1)).toBe(true);
    expect(grants.allows(token, clip, now + CLIP_VIEW_GRANT_TTL_SECONDS)).toBe(false);
  });

  test('another clip, a renewed or stopped link, another secret or a changed token refuse it', () => {
    const { token } = grants.sign(clip, now);
    expect(grants.allows(token, { ...clip, id: 'clip-2' }, now)).toBe(false);
    expect(grants.allows(token, { ...clip, shareId: 'link-2' }, now)).toBe(false);
    expect(grants.allows(token, { ...clip, shareId: null }, now)).toBe(false);
    expect(createClipViewGrants('another-secret-of-enough-length-here').allows(token, clip, now)).toBe(false);
    const [expiry, signature] = token.split('.');
    expect(grants.allows(`${Number(expiry) + 3600}.${signature}`, clip, now)).toBe(false);
    expect(grants.allows(`${token}.x`, clip, now)).toBe(false);
    expect(grants.allows(undefined, clip, now)).toBe(false);
    expect(grants.allows('', clip, now)).toBe(false);
  });

  test('a password set or changed after the grant refuses it', () => {
    const { token } = grants.sign({ ...clip, sharePasswordHash: '$argon2id$first' }, now);
    expect(grants.allows(token, { ...clip, sharePasswordHash: '$argon2id$first' }, now)).toBe(true);
    expect(grants.allows(token, { ...clip, sharePasswordHash: '$argon2id$second' }, now)).toBe(false);
    expect(grants.allows(grants.sign(clip, now).token, { ...clip, sharePasswordHash: '$argon2id$new' }, now)).toBe(
      false,
    );
  });
});
