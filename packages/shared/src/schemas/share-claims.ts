import { z } from 'zod';

/**
 * A share that reached the server's `POST /share-target` with no service worker to catch it: kept for
 * 15 minutes under a single-use claim link (`/share#claim=<token>`) until the signed-in app makes it a clip.
 */

/** The claim link's token: 32 random bytes as 43 base64url characters. */
export const ShareClaimToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid claim link');

export const ShareClaimParams = z.object({ token: ShareClaimToken });
export type ShareClaimParams = z.infer<typeof ShareClaimParams>;

export const ShareClaimFile = z.object({ name: z.string(), size: z.number().int().nonnegative(), type: z.string() });
export type ShareClaimFile = z.infer<typeof ShareClaimFile>;

/** What waits: the clip's text (title, text and link, each once, as the service worker composes it) and files. */
export const ShareClaim = z.object({
  content: z.string(),
  files: z.array(ShareClaimFile),
  expiresAt: z.string(),
});
export type ShareClaim = z.infer<typeof ShareClaim>;

/** The clip the claim made. */
export const ClaimedShare = z.object({ clipId: z.string() });
export type ClaimedShare = z.infer<typeof ClaimedShare>;
