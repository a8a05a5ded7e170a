import { createHmac, timingSafeEqual } from 'node:crypto';
import { CLIP_VIEW_GRANT_TTL_SECONDS } from '@clipsync/shared';

/** What a grant is bound to: the clip, and its link and password as they were when the grant was given. */
export interface GrantedClip {
  id: string;
  shareId: string | null;
  /** Salted, so setting a password (even the same one again) makes a new hash: earlier grants end. */
  sharePasswordHash: string | null;
}

export interface ClipViewGrants {
  /** A grant for whoever just opened the clip by its link: `<expiry seconds>.<signature>`. */
  sign(clip: GrantedClip, now?: number): { token: string; expiresAt: Date };
  /** Whether the token was signed here for this clip and its current link, and has not expired. */
  allows(token: string | undefined, clip: GrantedClip, now?: number): boolean;
}

/**
 * Signed view grants (POST /clipboard/{id}/open): they let the one who opened a protected clip follow it
 * live and fetch its files without spending another view. The signature covers the link's id, so stopping
 * or renewing the link ends every grant of it at once; no grant is stored. HMAC with a key derived from
 * the server secret, its own label, so a grant is never a file link or an access token. It covers the
 * password's hash too: a new password shuts out those who opened the clip with the old one.
 */
export function createClipViewGrants(serverSecret: string): ClipViewGrants {
  const key = createHmac('sha256', serverSecret).update('clip-view-grant').digest();
  const mac = (clip: GrantedClip, expiresAt: number) =>
    createHmac('sha256', key)
      .update(`${clip.id}\n${clip.shareId ?? ''}\n${clip.sharePasswordHash ?? ''}\n${expiresAt}`)
      .digest('base64url');
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  return {
    sign(clip, now = nowSeconds()) {
      const expiresAt = now + CLIP_VIEW_GRANT_TTL_SECONDS;
      return { token: `${expiresAt}.${mac(clip, expiresAt)}`, expiresAt: new Date(expiresAt * 1000) };
    },
    allows(token, clip, now = nowSeconds()) {
      if (!token || clip.shareId === null) return false;
      const [expiry, signature, extra] = token.split('.');
      const expiresAt = Number(expiry);
      if (!signature || extra !== undefined || !Number.isInteger(expiresAt) || expiresAt <= now) return false;
      const expected = Buffer.from(mac(clip, expiresAt));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
